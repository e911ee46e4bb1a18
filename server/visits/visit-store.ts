/**
 * The visits table as the contract's Visit and VisitSummary: the charted
 * document spread back into its fields, with the names a chart shows (client,
 * clinic, everyone who entered something) and the addenda in order.
 */
import { derivedValues } from '@contract';
import type { Visit, VisitDraft, VisitState, VisitSummary } from '../core/contract-types.ts';
import type { VisitTherapy } from '@contract';
import type { Queryable } from '../db/database.ts';
import { toIsoTimestamp } from '../profiles/profile-store.ts';

type Timestamp = Date | string;

/** What a visit's `content` column holds: the draft without the fields that have columns of their own. */
export type VisitContent = Omit<VisitDraft, 'client_id' | 'therapy' | 'appointment_id'>;

export interface Attribution {
  by: string;
  at: string;
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
}

const SELECT_VISIT = `
  SELECT v.id, v.client_id, coalesce(cp.first_name || ' ' || cp.last_name, cu.email) AS client_name,
         v.therapy, v.appointment_id, v.clinic_id, c.name AS clinic_name, v.state, v.content, v.attributions,
         v.version, v.created_by, v.created_at, v.updated_at, v.signed_by, v.signed_at, v.signed_on_device_at,
         v.content_hash
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
  created_at: Timestamp;
}

/** The whole visit, as the contract answers it. */
export async function loadVisit(db: Queryable, row: VisitRow): Promise<Visit> {
  const addenda = await db.query<AddendumRow>(
    'SELECT id, text, author_id, created_at FROM visit_addenda WHERE visit_id = $1 ORDER BY created_at, id',
    [row.id],
  );
  const people = await namesOf(db, [
    row.created_by,
    ...(row.signed_by ? [row.signed_by] : []),
    ...Object.values(row.attributions).map((attribution) => attribution.by),
    ...addenda.map((addendum) => addendum.author_id),
  ]);
  const content = row.content;
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
    attributions: row.attributions,
    people,
    addenda: addenda.map((addendum) => ({
      id: addendum.id,
      text: addendum.text,
      author_id: addendum.author_id,
      author_name: people[addendum.author_id] ?? 'A former member of staff',
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
