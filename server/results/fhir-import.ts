/**
 * POST /results/import: a lab's report as a FHIR R4 Bundle. It is taken whole
 * or not at all: checked against the FHIR R4 schema (fhir-schema.ts), then
 * read as one DiagnosticReport with its Observations for the Patient who is
 * the client named, each value checked with the table of
 * openapi/results/lab-tests.ts. Every refusal names the entry at fault.
 */
import { randomUUID } from 'node:crypto';
import { requireGrant, targetUser } from '../access/grants.ts';
import type { Actor } from '../core/actor.ts';
import type { Answer } from '../core/answer.ts';
import type { AuditEntry } from '../core/audit-trail.ts';
import { operation } from '../core/operation.ts';
import { badRequest, type FieldError } from '../core/problem.ts';
import type { Queryable } from '../db/database.ts';
import { fhirSchemaErrors } from './fhir-schema.ts';
import { checkMeasuredValue } from './observation-checks.ts';
import type { ObservationToStore, Result } from './result-store.ts';
import { checkBooking, storeResult, type ResultDeps } from './results-service.ts';

/** The system of LOINC codes, and of UCUM units, in FHIR. */
const LOINC_SYSTEM = 'http://loinc.org';
const UCUM_SYSTEM = 'http://unitsofmeasure.org';
/** The identifier system a lab may use for Thrive's own client id (the id sent with the order). */
export const THRIVE_CLIENT_SYSTEM = 'https://thrive.clinic/client';
/** Observation statuses that are a result to keep (FHIR R4 ObservationStatus). */
const FINAL_STATUSES = new Set(['final', 'amended', 'corrected']);

interface Coding {
  system?: string;
  code?: string;
}
interface Quantity {
  value?: number;
  unit?: string;
  system?: string;
  code?: string;
}
interface FhirResource {
  resourceType: string;
  id?: string;
  status?: string;
  code?: { coding?: Coding[] };
  valueQuantity?: Quantity;
  referenceRange?: { low?: Quantity; high?: Quantity }[];
  effectiveDateTime?: string;
  issued?: string;
  identifier?: { system?: string; value?: string }[];
  performer?: { display?: string }[];
  name?: { family?: string }[];
  birthDate?: string;
}
interface Bundle {
  entry?: { resource?: FhirResource }[];
}

export interface ImportRequest {
  clientId: string;
  appointmentId: string | undefined;
  bundle: unknown;
}

interface ReadReport {
  observations: ObservationToStore[];
  collectedAt: string;
  reportedAt: string | null;
  lab: string | null;
  sourceRef: string | null;
}

function entriesOf(bundle: Bundle, type: string): { index: number; resource: FhirResource }[] {
  return (bundle.entry ?? []).flatMap((entry, index) =>
    entry.resource?.resourceType === type ? [{ index, resource: entry.resource }] : [],
  );
}

/** The one entry of `type`, or the refusal naming why not. */
function onlyEntry(bundle: Bundle, type: string, errors: FieldError[]) {
  const found = entriesOf(bundle, type);
  if (found.length !== 1) {
    errors.push({
      field: found.length === 0 ? 'body.entry' : `body.entry.${found[1]!.index}`,
      message: found.length === 0 ? `The bundle holds no ${type}.` : `The bundle holds more than one ${type}.`,
    });
  }
  return found[0];
}

function normalised(name: string | null | undefined): string {
  return (name ?? '').normalize('NFKC').trim().toLowerCase();
}

/** The Patient must be the client: same family name and date of birth, and Thrive's id where the lab gives it. */
async function checkPatient(
  db: Queryable,
  clientId: string,
  patient: { index: number; resource: FhirResource },
  errors: FieldError[],
): Promise<void> {
  const [client] = await db.query<{ last_name: string | null; date_of_birth: string | null }>(
    'SELECT last_name, date_of_birth::text AS date_of_birth FROM profiles WHERE client_id = $1',
    [clientId],
  );
  const at = `body.entry.${patient.index}.resource`;
  const { resource } = patient;
  const thriveIds = (resource.identifier ?? []).filter((id) => id.system === THRIVE_CLIENT_SYSTEM);
  if (thriveIds.some((id) => normalised(id.value) !== clientId)) {
    errors.push({ field: `${at}.identifier`, message: 'The patient’s Thrive id is not this client’s.' });
  }
  const families = (resource.name ?? []).map((name) => normalised(name.family));
  if (!client || !families.includes(normalised(client.last_name))) {
    errors.push({ field: `${at}.name`, message: 'The patient’s family name is not this client’s.' });
  }
  if (!client?.date_of_birth || resource.birthDate !== client.date_of_birth) {
    errors.push({ field: `${at}.birthDate`, message: 'The patient’s date of birth is not this client’s.' });
  }
}

function loincOf(resource: FhirResource): string | undefined {
  return resource.code?.coding?.find((coding) => coding.system === LOINC_SYSTEM)?.code;
}

/** Each Observation as Thrive stores it, or the fields at fault. */
function readObservations(bundle: Bundle, errors: FieldError[]): ObservationToStore[] {
  const stored: ObservationToStore[] = [];
  const seen = new Set<string>();
  for (const { index, resource } of entriesOf(bundle, 'Observation')) {
    const at = `body.entry.${index}.resource`;
    const loinc = loincOf(resource);
    if (!loinc) {
      errors.push({ field: `${at}.code`, message: 'The observation has no LOINC code.' });
      continue;
    }
    if (!FINAL_STATUSES.has(resource.status ?? '')) {
      errors.push({
        field: `${at}.status`,
        message: `A ${resource.status} result is not final: import the final report.`,
      });
    }
    const quantity = resource.valueQuantity;
    if (quantity?.value === undefined) {
      errors.push({ field: `${at}.valueQuantity`, message: 'The observation has no value.' });
      continue;
    }
    const unit = quantity.system === UCUM_SYSTEM || quantity.system === undefined ? quantity.code : undefined;
    if (!unit) {
      errors.push({ field: `${at}.valueQuantity.code`, message: 'The value has no UCUM unit.' });
      continue;
    }
    if (seen.has(loinc)) {
      errors.push({ field: `${at}.code`, message: `LOINC ${loinc} is in the report twice.` });
      continue;
    }
    seen.add(loinc);
    const range = resource.referenceRange?.[0];
    const checked = checkMeasuredValue(
      {
        loinc,
        value: quantity.value,
        unit,
        range: range ? { low: range.low?.value ?? null, high: range.high?.value ?? null } : undefined,
      },
      { code: `${at}.code`, value: `${at}.valueQuantity.value`, unit: `${at}.valueQuantity.code` },
    );
    if ('errors' in checked) errors.push(...checked.errors);
    else stored.push(checked.stored);
  }
  if (stored.length === 0 && errors.length === 0) {
    errors.push({ field: 'body.entry', message: 'The bundle holds no Observation.' });
  }
  return stored;
}

/** The report read whole, or every field at fault. */
async function readReport(db: Queryable, clientId: string, bundle: Bundle): Promise<ReadReport> {
  const schemaErrors = fhirSchemaErrors(bundle);
  if (schemaErrors.length > 0) throw badRequest('The bundle is not valid FHIR R4.', schemaErrors);
  const errors: FieldError[] = [];
  const report = onlyEntry(bundle, 'DiagnosticReport', errors);
  const patient = onlyEntry(bundle, 'Patient', errors);
  if (patient) await checkPatient(db, clientId, patient, errors);
  const observations = readObservations(bundle, errors);
  const effective =
    report?.resource.effectiveDateTime ??
    entriesOf(bundle, 'Observation').find(({ resource }) => resource.effectiveDateTime)?.resource.effectiveDateTime;
  const collectedAt = effective !== undefined && !Number.isNaN(Date.parse(effective)) ? effective : null;
  if (report && collectedAt === null) {
    errors.push({
      field: `body.entry.${report.index}.resource.effectiveDateTime`,
      message: 'The report does not say when the sample was taken (a date and time).',
    });
  }
  if (errors.length > 0) throw badRequest('The lab report cannot be imported as it is; nothing was stored.', errors);
  const reportResource = report!.resource;
  const identifier = reportResource.identifier?.find((id) => id.value)?.value;
  return {
    observations,
    collectedAt: collectedAt!,
    reportedAt: reportResource.issued ?? null,
    lab: reportResource.performer?.find((performer) => performer.display)?.display ?? null,
    sourceRef: identifier ?? reportResource.id ?? null,
  };
}

export async function importResult(
  { db }: ResultDeps,
  caller: Actor,
  { clientId, appointmentId, bundle }: ImportRequest,
): Promise<Answer<Result>> {
  const id = randomUUID();
  const entry: AuditEntry = {
    actor: caller,
    action: 'results.import',
    resourceType: 'result',
    resourceId: id,
    subjectId: clientId,
  };
  return operation(db, entry, async (audit) => {
    requireGrant(caller, 'results.write', await targetUser(db, clientId), 'query.client');
    if (appointmentId) await checkBooking(db, clientId, appointmentId, 'query.appointment');
    const report = await readReport(db, clientId, bundle as Bundle);
    entry.fields = report.observations.map((observation) => observation.loinc);
    return storeResult(
      db,
      caller,
      audit,
      {
        id,
        client_id: clientId,
        appointment_id: appointmentId ?? null,
        source: 'imported',
        source_ref: report.sourceRef,
        lab: report.lab,
        collected_at: report.collectedAt,
        reported_at: report.reportedAt,
        created_by: caller.id,
        device_id: caller.deviceId,
        observations: report.observations,
      },
      { field: 'body', message: 'This lab report was imported for this client already.' },
    );
  });
}
