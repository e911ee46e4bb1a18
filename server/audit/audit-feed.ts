/**
 * The audit trail as the backoffice reads it ("recent changes"): newest
 * first, a page at a time, with the e-mails the API holds for actor and
 * subject joined in. Reading it is itself recorded in it.
 */
import { requireGrantOverEveryone } from '../access/grants.ts';
import type { AuditEvent, AuditEventList, ListAuditEventsQuery } from '../core/contract-types.ts';
import type { Database } from '../db/database.ts';
import { toIsoTimestamp } from '../profiles/profile-store.ts';
import { AUDIT_ACTION_KINDS, type AuditAction } from '../core/audit-trail.ts';
import { type Actor } from '../core/actor.ts';
import { operation } from '../core/operation.ts';

interface AuditEventRow extends Omit<AuditEvent, 'id' | 'at' | 'fields'> {
  /** bigint, read as text: the two drivers parse it differently. */
  id: string;
  at: Date | string;
  fields: string[] | null;
}

/**
 * actor_id is text (a token's username need not be a UUID); only a UUID is
 * cast for the join, which keeps it an index lookup on users.id.
 */
const ACTOR_AS_UUID = `CASE WHEN a.actor_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                       THEN a.actor_id::uuid END`;

export async function listAuditEvents(
  db: Database,
  caller: Actor,
  query: ListAuditEventsQuery,
): Promise<AuditEventList> {
  const entry = {
    actor: caller,
    action: 'audit.list',
    resourceType: 'audit_log',
    resourceId: null,
    subjectId: query.subject_id ?? null,
  } as const;
  return operation(db, entry, async () => {
    requireGrantOverEveryone(caller, 'audit.read');

    const params: unknown[] = [];
    const conditions: string[] = [];
    if (query.subject_id !== undefined) conditions.push(`subject_id = $${params.push(query.subject_id)}`);
    if (query.action !== undefined) conditions.push(`action = $${params.push(query.action)}`);
    if (query.until_id !== undefined) conditions.push(`id <= $${params.push(query.until_id)}`);
    if (query.kind !== undefined) {
      const actions = (Object.keys(AUDIT_ACTION_KINDS) as AuditAction[]).filter(
        (action) => AUDIT_ACTION_KINDS[action] === query.kind,
      );
      conditions.push(`action IN (${actions.map((action) => `$${params.push(action)}`).join(', ')})`);
    }
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const offset = (query.page - 1) * query.page_size;
    // One row more than the page says whether there is a next one, without counting the whole trail.
    const rows = await db.query<AuditEventRow>(
      `SELECT a.id::text AS id, a.at, a.actor_id, actor.email AS actor_email, a.action, a.resource_type,
              a.resource_id, a.subject_id, subject.email AS subject_email, a.outcome, a.fields, a.device_id,
              a.status, a.route, coalesce(a.repeats, 1) AS repeats, a.source
       FROM (SELECT * FROM audit_log ${where} ORDER BY id DESC
             LIMIT $${params.push(query.page_size + 1)} OFFSET $${params.push(offset)}) a
       LEFT JOIN users actor ON actor.id = (${ACTOR_AS_UUID})
       LEFT JOIN users subject ON subject.id = a.subject_id
       ORDER BY a.id DESC`,
      params,
    );
    return {
      results: rows.slice(0, query.page_size).map((row) => ({
        ...row,
        id: Number(row.id),
        at: toIsoTimestamp(row.at),
        fields: row.fields ?? [],
      })),
      page: query.page,
      page_size: query.page_size,
      next: rows.length > query.page_size ? query.page + 1 : null,
      previous: query.page > 1 ? query.page - 1 : null,
    };
  });
}
