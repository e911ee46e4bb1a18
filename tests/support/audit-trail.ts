/**
 * A test's own records in the audit trail. Every file of the suite writes to the one trail, so "the newest record
 * of this action" may be another test's: a test takes the newest id before it acts, then reads only what came after
 * and picks its own records out by their ids (the record, its subject, the actor, the route).
 */
import { api, type Schemas } from './api-client.ts';

type AuditEvent = Schemas['AuditEvent'];
type AuditEventList = Schemas['AuditEventList'];

/** The id of the newest audit record now: whatever a test does next is recorded under a higher one. */
export async function newestAuditId(): Promise<number> {
  const trail = await api<AuditEventList>('GET', '/users/audit-events?page_size=1', { as: 'super' });
  if (trail.status !== 200) throw new Error(`Reading the audit trail failed: ${trail.status}`);
  return trail.body.results[0]?.id ?? 0;
}

/** The records newer than `after` that the feed's `filter` (e.g. `action=visits.read`) selects, oldest first. */
export async function auditSince(after: number, filter: string): Promise<AuditEvent[]> {
  const trail = await api<AuditEventList>('GET', `/users/audit-events?${filter}&page_size=100`, { as: 'super' });
  if (trail.status !== 200) throw new Error(`Reading the audit trail failed: ${trail.status}`);
  return trail.body.results.filter((event) => event.id > after).reverse();
}
