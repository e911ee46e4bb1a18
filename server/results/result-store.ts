/**
 * Lab results in the database, and as the contract writes them. How much of
 * one a caller reads is the access table's (openapi/access/result-fields.ts):
 * the services answer every result through server/access/fields.ts.
 */
import { LAB_PANELS, labMeasure, wallClockAt } from '@contract';
import type { Queryable } from '../db/database.ts';
import type { components } from '@contract';
import { toIsoTimestamp } from '../profiles/profile-store.ts';

type Schemas = components['schemas'];
export type Result = Schemas['Result'];
export type Observation = Schemas['Observation'];
export type PendingResult = Schemas['PendingResult'];

type Timestamp = Date | string;

export interface ResultRow {
  id: string;
  client_id: string;
  client_name: string;
  appointment_id: string | null;
  service_name: string | null;
  source: 'entered' | 'imported';
  lab: string | null;
  collected_at: Timestamp;
  reported_at: Timestamp | null;
  critical: boolean;
  created_at: Timestamp;
  created_by_name: string;
  released_at: Timestamp | null;
  released_by_name: string | null;
  release_note: string | null;
  version: number;
  observations: Observation[];
  /** The booking's clinic's zone: the day the sample was taken, in the report's file name. */
  time_zone: string | null;
  report_size_bytes: number | null;
  report_attached_at: Timestamp | null;
  report_attached_by_name: string | null;
}

/** A person's name as the trail shows it: the profile's, else the e-mail, else the identity username. */
function nameOf(users: string, profiles: string, id: string): string {
  return `coalesce(${profiles}.first_name || ' ' || ${profiles}.last_name, ${users}.email, ${id})`;
}

export const SELECT_RESULTS = `
  SELECT r.id, r.client_id, coalesce(cp.first_name || ' ' || cp.last_name, cu.email) AS client_name,
         r.appointment_id, s.name AS service_name, r.source, r.lab, r.collected_at, r.reported_at, r.critical,
         r.created_at, ${nameOf('bu', 'bp', 'r.created_by')} AS created_by_name, r.released_at,
         CASE WHEN r.released_by IS NULL THEN NULL ELSE ${nameOf('ru', 'rp', 'r.released_by')} END
           AS released_by_name,
         r.release_note, r.version, ac.time_zone, rr.size_bytes AS report_size_bytes,
         rr.attached_at AS report_attached_at,
         CASE WHEN rr.result_id IS NULL THEN NULL ELSE ${nameOf('au', 'ap', 'rr.attached_by')} END
           AS report_attached_by_name,
         coalesce((SELECT jsonb_agg(jsonb_build_object(
                     'loinc', o.loinc, 'value', o.value::float8, 'unit', o.unit, 'range_low', o.range_low::float8,
                     'range_high', o.range_high::float8, 'flag', o.flag) ORDER BY o.position)
                   FROM lab_observations o WHERE o.result_id = r.id), '[]'::jsonb) AS observations
  FROM lab_results r
  JOIN users cu ON cu.id = r.client_id
  LEFT JOIN profiles cp ON cp.client_id = r.client_id
  LEFT JOIN appointments a ON a.id = r.appointment_id
  LEFT JOIN services s ON s.id = a.service_id
  LEFT JOIN clinics ac ON ac.id = a.clinic_id
  LEFT JOIN lab_result_reports rr ON rr.result_id = r.id
  LEFT JOIN users au ON au.id::text = rr.attached_by
  LEFT JOIN profiles ap ON ap.client_id = au.id
  LEFT JOIN users bu ON bu.id::text = r.created_by
  LEFT JOIN profiles bp ON bp.client_id = bu.id
  LEFT JOIN users ru ON ru.id::text = r.released_by
  LEFT JOIN profiles rp ON rp.client_id = ru.id`;

export async function selectResultRow(db: Queryable, id: string, { lock = false } = {}): Promise<ResultRow | null> {
  if (lock) await db.query('SELECT id FROM lab_results WHERE id = $1 FOR UPDATE', [id]);
  const [row] = await db.query<ResultRow>(`${SELECT_RESULTS} WHERE r.id = $1`, [id]);
  return row ?? null;
}

/** The name a result goes by: its booked test's, else the panels its observations belong to. */
export function testName(row: ResultRow): string {
  if (row.service_name) return row.service_name;
  const codes = new Set(row.observations.map((observation) => observation.loinc));
  const panels = LAB_PANELS.filter((panel) => panel.measures.some((code) => codes.has(code)));
  return panels.length > 0 ? panels.map((panel) => panel.name).join(', ') : 'Lab result';
}

/**
 * The name a result's report is downloaded as: the test and the day the sample was taken (on the booking's
 * clinic's clock), never the lab's own file name, which often names the client.
 */
export function reportFileName(testName: string, collectedAt: Date, timeZone: string | null): string {
  const test = testName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  const day = timeZone ? wallClockAt(collectedAt, timeZone).date : collectedAt.toISOString().slice(0, 10);
  return `lab-report-${test || 'result'}-${day}.pdf`;
}

/** A result, whole: what its reader is answered of it is the access table's. */
export function toResult(row: ResultRow): Result {
  const test_name = testName(row);
  return {
    id: row.id,
    client_id: row.client_id,
    client_name: row.client_name,
    appointment_id: row.appointment_id,
    test_name,
    collected_at: toIsoTimestamp(row.collected_at),
    received_at: toIsoTimestamp(row.created_at),
    released: row.released_at !== null,
    released_at: row.released_at === null ? null : toIsoTimestamp(row.released_at),
    version: row.version,
    source: row.source,
    lab: row.lab,
    reported_at: row.reported_at === null ? null : toIsoTimestamp(row.reported_at),
    critical: row.critical,
    observations: row.observations.map((observation) => ({
      ...observation,
      label: labMeasure(observation.loinc)?.label ?? observation.loinc,
    })),
    created_by_name: row.created_by_name,
    released_by_name: row.released_by_name,
    release_note: row.release_note,
    report:
      row.report_size_bytes === null || row.report_attached_at === null
        ? null
        : {
            file_name: reportFileName(test_name, new Date(row.collected_at), row.time_zone),
            size_bytes: row.report_size_bytes,
            attached_at: toIsoTimestamp(row.report_attached_at),
            attached_by_name: row.report_attached_by_name ?? '',
          },
  };
}

export interface ObservationToStore {
  loinc: string;
  value: number;
  unit: string;
  range_low: number | null;
  range_high: number | null;
  flag: Observation['flag'];
}

export interface ResultToStore {
  id: string;
  client_id: string;
  appointment_id: string | null;
  source: 'entered' | 'imported';
  source_ref: string | null;
  lab: string | null;
  collected_at: string;
  reported_at: string | null;
  created_by: string;
  device_id: string | null;
  observations: readonly ObservationToStore[];
}

/** Stores a result and its observations; false when its id (or its report, imported before) is taken. */
export async function insertResult(tx: Queryable, result: ResultToStore): Promise<boolean> {
  const critical = result.observations.some((observation) => observation.flag === 'critical');
  const [created] = await tx.query<{ id: string }>(
    `INSERT INTO lab_results (id, client_id, appointment_id, source, source_ref, lab, collected_at, reported_at,
                              critical, created_by, device_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING RETURNING id`,
    [
      result.id,
      result.client_id,
      result.appointment_id,
      result.source,
      result.source_ref,
      result.lab,
      result.collected_at,
      result.reported_at,
      critical,
      result.created_by,
      result.device_id,
    ],
  );
  if (!created) return false;
  await tx.query(
    `INSERT INTO lab_observations (result_id, position, loinc, value, unit, range_low, range_high, flag)
     SELECT $1, x.position, x.loinc, x.value, x.unit, x.range_low, x.range_high, x.flag
     FROM jsonb_to_recordset($2::jsonb) AS x(position int, loinc text, value numeric, unit text, range_low numeric,
                                             range_high numeric, flag text)`,
    [result.id, JSON.stringify(result.observations.map((observation, position) => ({ ...observation, position })))],
  );
  return true;
}
