/**
 * The visits table as the contract's Visit and VisitSummary: the charted
 * document spread back into its fields, with the names a chart shows (client,
 * clinic, everyone who entered something) and the addenda in order.
 */
import { derivedValues } from '@contract';
import type { Reauthentication, SignatureMeaning, SignatureWarning } from '@contract';
import type { Visit, VisitDraft, VisitState, VisitSummary } from '../core/contract-types.ts';
import type { VisitTherapy } from '@contract';
import type { Queryable } from '../db/database.ts';
import { toIsoTimestamp } from '../profiles/profile-store.ts';

type Timestamp = Date | string;

/** What a visit's `content` column holds: the draft without the fields that have columns of their own. */
export type VisitContent = Omit<VisitDraft, 'client_id' | 'therapy' | 'appointment_id'>;

/** Who entered an entry or field, when the server received it, and when the device recorded it (if it said). */
export interface Attribution {
  by: string;
  at: string;
  recorded_at?: string;
  device_clock_offset_ms?: number | null;
}

export interface VisitRow {
  id: string;
  client_id: string;
  client_name: string;
  therapy: VisitTherapy;
  appointment_id: string | null;
  clinic_id: string | null;
  clinic_name: string | null;
  state: VisitState;
  content: VisitContent;
  attributions: Record<string, Attribution>;
  version: number;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  signed_by: string | null;
  signed_at: Timestamp | null;
  signed_on_device_at: Timestamp | null;
  content_hash: string | null;
  opened_at: Timestamp;
  planned_minutes: number | null;
  signed_role: string | null;
  signature_meaning: SignatureMeaning | null;
  signature_meaning_text: string | null;
  signature_reauthentication: Reauthentication | null;
  signature_clock_offset_ms: string | number | null;
  signature_warnings: SignatureWarning[];
}

const SELECT_VISIT = `
  SELECT v.id, v.client_id, coalesce(cp.first_name || ' ' || cp.last_name, cu.email) AS client_name,
         v.therapy, v.appointment_id, v.clinic_id, c.name AS clinic_name, v.state, v.content, v.attributions,
         v.version, v.created_by, v.created_at, v.updated_at, v.signed_by, v.signed_at, v.signed_on_device_at,
         v.content_hash, coalesce(v.opened_at, v.created_at) AS opened_at,
         (SELECT (extract(epoch FROM a.duration) / 60)::int FROM appointments a WHERE a.id = v.appointment_id)
           AS planned_minutes,
         v.signed_role, v.signature_meaning, v.signature_meaning_text, v.signature_reauthentication,
         v.signature_clock_offset_ms, v.signature_warnings
  FROM visits v
  JOIN users cu ON cu.id = v.client_id
  LEFT JOIN profiles cp ON cp.client_id = v.client_id
  LEFT JOIN clinics c ON c.id = v.clinic_id`;

export async function selectVisitRow(db: Queryable, id: string, { lock = false } = {}): Promise<VisitRow | null> {
  const [row] = await db.query<VisitRow>(`${SELECT_VISIT} WHERE v.id = $1${lock ? ' FOR UPDATE OF v' : ''}`, [id]);
  return row ?? null;
}

/** The draft a row holds, as a device would send it. */
export function draftOf(row: Pick<VisitRow, 'client_id' | 'therapy' | 'appointment_id' | 'content'>): VisitDraft {
  return { ...row.content, client_id: row.client_id, therapy: row.therapy, appointment_id: row.appointment_id };
}

/** Display names by username, for everyone a visit names. */
export async function namesOf(db: Queryable, usernames: Iterable<string>): Promise<Record<string, string>> {
  const ids = [...new Set(usernames)].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (ids.length === 0) return {};
  const params: unknown[] = [];
  const rows = await db.query<{ id: string; name: string }>(
    `SELECT u.id::text AS id, coalesce(p.first_name || ' ' || p.last_name, u.email) AS name
     FROM users u LEFT JOIN profiles p ON p.client_id = u.id
     WHERE u.id IN (${ids.map((id) => `$${params.push(id)}::uuid`).join(', ')})`,
    params,
  );
  return Object.fromEntries(rows.map((row) => [row.id, row.name]));
}

interface AddendumRow {
  id: string;
  text: string;
  author_id: string;
  author_role: string | null;
  reauthentication: Reauthentication | null;
  written_on_device_at: Timestamp | null;
  created_at: Timestamp;
}

/** An attribution as the contract answers it: one from before devices timed their entries reads its server time. */
function answeredAttribution(attribution: Attribution): NonNullable<Visit['attributions']>[string] {
  return {
    by: attribution.by,
    at: attribution.at,
    recorded_at: attribution.recorded_at ?? attribution.at,
    device_clock_offset_ms: attribution.device_clock_offset_ms ?? null,
  };
}

const offsetOf = (value: string | number | null): number | null => (value === null ? null : Number(value));

/** The signature as signed: null while a draft. */
function signatureOf(row: VisitRow, people: Readonly<Record<string, string>>): Visit['signature'] {
  if (row.state !== 'signed' || !row.signed_by || !row.signed_at || !row.content_hash) return null;
  return {
    by: row.signed_by,
    name: people[row.signed_by] ?? 'A former member of staff',
    role: row.signed_role ?? 'unknown',
    meaning: row.signature_meaning ?? 'reviewed',
    meaning_text: row.signature_meaning_text ?? '',
    reauthenticated_with: row.signature_reauthentication,
    signed_at: toIsoTimestamp(row.signed_at),
    signed_on_device_at: toIsoTimestamp(row.signed_on_device_at ?? row.signed_at),
    device_clock_offset_ms: offsetOf(row.signature_clock_offset_ms),
    warnings: row.signature_warnings,
    content_hash: row.content_hash,
  };
}

/** The whole visit, as the contract answers it. */
export async function loadVisit(db: Queryable, row: VisitRow): Promise<Visit> {
  const addenda = await db.query<AddendumRow>(
    `SELECT id, text, author_id, author_role, reauthentication, written_on_device_at, created_at
     FROM visit_addenda WHERE visit_id = $1 ORDER BY created_at, id`,
    [row.id],
  );
  const people = await namesOf(db, [
    row.created_by,
    ...(row.signed_by ? [row.signed_by] : []),
    ...Object.values(row.attributions).map((attribution) => attribution.by),
    ...addenda.map((addendum) => addendum.author_id),
  ]);
  const content = row.content;
  const attributions = Object.fromEntries(
    Object.entries(row.attributions).map(([key, attribution]) => [key, answeredAttribution(attribution)]),
  );
  return {
    id: row.id,
    client_id: row.client_id,
    client_name: row.client_name,
    therapy: row.therapy,
    appointment_id: row.appointment_id,
    clinic_id: row.clinic_id,
    clinic_name: row.clinic_name,
    state: row.state,
    version: row.version,
    consent: content.consent ?? {},
    contraindications: content.contraindications ?? {},
    vitals: content.vitals ?? [],
    reactions: content.reactions ?? [],
    notes: content.notes ?? null,
    ...(content[row.therapy] ? { [row.therapy]: content[row.therapy] } : {}),
    derived: derivedValues(content),
    attributions,
    recorded_at: Object.fromEntries(
      Object.entries(attributions).map(([key, value]) => [
        key,
        { at: value.recorded_at, device_clock_offset_ms: value.device_clock_offset_ms },
      ]),
    ),
    opened_at: toIsoTimestamp(row.opened_at),
    planned_minutes: row.planned_minutes,
    signature: signatureOf(row, people),
    people,
    addenda: addenda.map((addendum) => ({
      id: addendum.id,
      text: addendum.text,
      author_id: addendum.author_id,
      author_name: people[addendum.author_id] ?? 'A former member of staff',
      author_role: addendum.author_role,
      reauthenticated_with: addendum.reauthentication,
      written_on_device_at:
        addendum.written_on_device_at === null ? null : toIsoTimestamp(addendum.written_on_device_at),
      created_at: toIsoTimestamp(addendum.created_at),
    })),
    created_by: row.created_by,
    created_at: toIsoTimestamp(row.created_at),
    updated_at: toIsoTimestamp(row.updated_at),
    signed_by: row.signed_by,
    signed_at: row.signed_at === null ? null : toIsoTimestamp(row.signed_at),
    signed_on_device_at: row.signed_on_device_at === null ? null : toIsoTimestamp(row.signed_on_device_at),
    content_hash: row.content_hash,
  };
}

type SummaryRow = Omit<VisitSummary, 'created_at' | 'updated_at' | 'signed_at' | 'appointment_ends_at'> & {
  created_at: Timestamp;
  updated_at: Timestamp;
  signed_at: Timestamp | null;
  appointment_ends_at: Timestamp | null;
};

export const SELECT_VISIT_SUMMARY = `
  SELECT v.id, v.client_id, coalesce(cp.first_name || ' ' || cp.last_name, cu.email) AS client_name,
         v.therapy, v.state, v.clinic_id, c.name AS clinic_name, v.appointment_id, a.ends_at AS appointment_ends_at,
         v.version, v.created_by, coalesce(bp.first_name || ' ' || bp.last_name, bu.email, v.created_by) AS created_by_name,
         v.created_at, v.updated_at, v.signed_by,
         CASE WHEN v.signed_by IS NULL THEN NULL
              ELSE coalesce(sp.first_name || ' ' || sp.last_name, su.email, v.signed_by) END AS signed_by_name,
         v.signed_at, (SELECT count(*)::int FROM visit_addenda x WHERE x.visit_id = v.id) AS addenda_count
  FROM visits v
  JOIN users cu ON cu.id = v.client_id
  LEFT JOIN profiles cp ON cp.client_id = v.client_id
  LEFT JOIN clinics c ON c.id = v.clinic_id
  LEFT JOIN appointments a ON a.id = v.appointment_id
  LEFT JOIN users bu ON bu.id::text = v.created_by
  LEFT JOIN profiles bp ON bp.client_id = bu.id
  LEFT JOIN users su ON su.id::text = v.signed_by
  LEFT JOIN profiles sp ON sp.client_id = su.id`;

export function toVisitSummary(row: SummaryRow): VisitSummary {
  return {
    ...row,
    appointment_ends_at: row.appointment_ends_at === null ? null : toIsoTimestamp(row.appointment_ends_at),
    created_at: toIsoTimestamp(row.created_at),
    updated_at: toIsoTimestamp(row.updated_at),
    signed_at: row.signed_at === null ? null : toIsoTimestamp(row.signed_at),
  };
}

export type { SummaryRow as VisitSummaryRow };
