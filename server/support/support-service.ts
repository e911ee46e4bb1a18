/**
 * Messages between a client and the clinic. A client starts a thread with one
 * clinic and writes in its own threads; staff of the hub group read and answer
 * the threads of their own clinic (support.ts; SUPER_ADMIN every clinic's).
 *
 * Ids are made on the device that writes (the portal sends through the outbox,
 * often offline first), so a message sent twice is kept once: the same id with
 * the same words is answered as what it was, with anything else refused.
 */
import { answerFor, requireWritable } from '../access/fields.ts';
import { grantedVia, requireGrant, requireSomeGrant, targetUser } from '../access/grants.ts';
import { listScope } from '../access/list-scope.ts';
import { clinicDayText, clinicTimeText, isoInZone } from '@contract';
import { seesEveryClinic, statusAfterMessage } from '@contract';
import { THERAPY_INFO } from '@contract';
import type {
  ListSupportThreadsQuery,
  SupportMessageCreate,
  SupportThread,
  SupportThreadCreate,
  SupportThreadList,
  SupportThreadSummary,
  VisitSummary,
} from '../core/contract-types.ts';
import { type AuditEntry } from '../core/audit-trail.ts';
import type { Database, Queryable } from '../db/database.ts';
import { API_BASE_PATH, type Answer } from '../core/answer.ts';
import { badRequest, conflict, forbidden, notFound } from '../core/problem.ts';
import { type Actor } from '../core/actor.ts';
import { operation, type AuditScope } from '../core/operation.ts';

export interface SupportDeps {
  db: Database;
  now: () => Date;
}

type Timestamp = Date | string;

interface ThreadRow {
  id: string;
  client_id: string;
  client_name: string;
  clinic_id: string;
  clinic_name: string;
  time_zone: string;
  subject: string;
  status: SupportThreadSummary['status'];
  appointment_id: string | null;
  visit_id: string | null;
  created_at: Timestamp;
  last_message_at: Timestamp;
  last_message_from_clinic: boolean;
  message_count: number;
  ref_starts_at: Timestamp | null;
  ref_zone: string | null;
  ref_service: string | null;
  ref_therapy: VisitSummary['therapy'] | null;
  ref_visit_at: Timestamp | null;
  ref_visit_zone: string | null;
}

const SELECT_THREAD = `
  SELECT t.id, t.client_id, coalesce(cp.first_name || ' ' || cp.last_name, cu.email) AS client_name,
         t.clinic_id, c.name AS clinic_name, c.time_zone, t.subject, t.status, t.appointment_id, t.visit_id,
         t.created_at, t.last_message_at,
         (SELECT m.from_clinic FROM support_messages m WHERE m.thread_id = t.id
          ORDER BY m.created_at DESC, m.id DESC LIMIT 1) AS last_message_from_clinic,
         (SELECT count(*)::int FROM support_messages m WHERE m.thread_id = t.id) AS message_count,
         ra.starts_at AS ref_starts_at, rc.time_zone AS ref_zone, rs.name AS ref_service,
         rv.therapy AS ref_therapy, coalesce(rv.signed_at, rv.created_at) AS ref_visit_at, vc.time_zone AS ref_visit_zone
  FROM support_threads t
  JOIN clinics c ON c.id = t.clinic_id
  JOIN users cu ON cu.id = t.client_id
  LEFT JOIN profiles cp ON cp.client_id = t.client_id
  LEFT JOIN appointments ra ON ra.id = t.appointment_id
  LEFT JOIN clinics rc ON rc.id = ra.clinic_id
  LEFT JOIN services rs ON rs.id = ra.service_id
  LEFT JOIN visits rv ON rv.id = t.visit_id
  LEFT JOIN clinics vc ON vc.id = rv.clinic_id`;

const asInstant = (value: Timestamp) => (value instanceof Date ? value : new Date(value));
const dayOf = (value: Timestamp, timeZone: string) => clinicDayText(asInstant(value), timeZone);
const when = (value: Timestamp, timeZone: string) => clinicTimeText(asInstant(value), timeZone);

/** What a thread is about, in words: the appointment's service and time, or the visit's therapy and day. */
function referenceLabel(row: ThreadRow): string | null {
  if (row.appointment_id && row.ref_service && row.ref_starts_at && row.ref_zone) {
    return `${row.ref_service}, ${when(row.ref_starts_at, row.ref_zone)}`;
  }
  if (row.visit_id && row.ref_therapy && row.ref_visit_at) {
    return `${THERAPY_INFO[row.ref_therapy].title}, ${dayOf(row.ref_visit_at, row.ref_visit_zone ?? row.time_zone)}`;
  }
  return null;
}

function toSummary(row: ThreadRow): SupportThreadSummary {
  const zone = row.time_zone;
  const at = (value: Timestamp) => isoInZone(value instanceof Date ? value : new Date(value), zone);
  return {
    id: row.id,
    client_id: row.client_id,
    client_name: row.client_name,
    clinic_id: row.clinic_id,
    clinic_name: row.clinic_name,
    subject: row.subject,
    status: row.status,
    appointment_id: row.appointment_id,
    visit_id: row.visit_id,
    reference_label: referenceLabel(row),
    created_at: at(row.created_at),
    last_message_at: at(row.last_message_at),
    last_message_from_clinic: row.last_message_from_clinic,
    message_count: row.message_count,
  };
}

async function selectThreadRow(db: Queryable, id: string, { lock = false } = {}): Promise<ThreadRow | null> {
  const [row] = await db.query<ThreadRow>(`${SELECT_THREAD} WHERE t.id = $1${lock ? ' FOR UPDATE OF t' : ''}`, [id]);
  return row ?? null;
}

async function loadThread(db: Queryable, row: ThreadRow): Promise<SupportThread> {
  const messages = await db.query<{
    id: string;
    text: string;
    author_id: string;
    author_name: string;
    from_clinic: boolean;
    created_at: Timestamp;
  }>(
    `SELECT m.id, m.text, m.author_id, coalesce(ap.first_name || ' ' || ap.last_name, au.email, 'Thrive') AS author_name,
            m.from_clinic, m.created_at
     FROM support_messages m
     LEFT JOIN users au ON au.id::text = m.author_id
     LEFT JOIN profiles ap ON ap.client_id = au.id
     WHERE m.thread_id = $1 ORDER BY m.created_at, m.id`,
    [row.id],
  );
  return {
    thread: toSummary(row),
    messages: messages.map((message) => ({
      ...message,
      created_at: isoInZone(
        message.created_at instanceof Date ? message.created_at : new Date(message.created_at),
        row.time_zone,
      ),
    })),
  };
}

/**
 * The clinic a person's profile names (null when it names none Thrive has):
 * the one a member of staff answers for, and the one a client writes to by default.
 */
async function profileClinic(db: Queryable, staffId: string): Promise<{ id: string; name: string } | null> {
  const [clinic] = await db.query<{ id: string; name: string }>(
    `SELECT c.id, c.name FROM users u JOIN profiles p ON p.client_id = u.id JOIN clinics c ON c.name = p.clinic
     WHERE u.id::text = $1`,
    [staffId],
  );
  return clinic ?? null;
}

const NO_CLINIC =
  'Your profile names no clinic of Thrive, so no clinic’s messages are yours to answer. Ask an administrator to set your clinic.';

/**
 * Which threads the caller reaches: a client its own; staff their clinic's
 * (every clinic's for SUPER_ADMIN). Refuses anyone else.
 */
async function scopeOf(
  db: Queryable,
  caller: Actor,
): Promise<{ clientId: string } | { clinicId: string | null; clinicName: string | null }> {
  if (listScope(caller, 'support.read', 'You may not see messages to the clinic.').via === 'self') {
    return { clientId: caller.id };
  }
  if (seesEveryClinic(caller.role)) return { clinicId: null, clinicName: null };
  const clinic = await profileClinic(db, caller.id);
  if (!clinic) throw forbidden(NO_CLINIC);
  return { clinicId: clinic.id, clinicName: clinic.name };
}

/** A thread the caller may read or write in, found and checked; staff only in their own clinic. */
async function reachableThread(
  db: Queryable,
  caller: Actor,
  id: string,
  operation: 'support.read' | 'support.write',
  entry: AuditEntry,
  { lock = false } = {},
): Promise<{ row: ThreadRow; via: 'self' | 'role' }> {
  requireSomeGrant(caller, operation, 'You may not see messages to the clinic.');
  const row = await selectThreadRow(db, id, { lock });
  if (!row) throw notFound('There is no such thread.');
  entry.subjectId = row.client_id;
  const via = requireGrant(caller, operation, await targetUser(db, row.client_id));
  if (via === 'role' && !seesEveryClinic(caller.role)) {
    const clinic = await profileClinic(db, caller.id);
    if (!clinic) throw forbidden(NO_CLINIC);
    if (clinic.id !== row.clinic_id) {
      throw forbidden(`This message is to ${row.clinic_name}; its own staff answer it.`);
    }
  }
  return { row, via };
}

export async function listThreads(
  db: Database,
  caller: Actor,
  query: ListSupportThreadsQuery,
): Promise<SupportThreadList> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'support.list',
    resourceType: 'support_thread',
    resourceId: null,
    subjectId: null,
  };
  return operation(db, entry, async () => {
    const scope = await scopeOf(db, caller);
    const params: unknown[] = [];
    const where: string[] = [];
    if ('clientId' in scope) {
      entry.subjectId = scope.clientId;
      where.push(`t.client_id = $${params.push(scope.clientId)}`);
      if (query.clinic !== undefined) where.push(`t.clinic_id = $${params.push(query.clinic)}`);
    } else {
      if (query.clinic !== undefined && scope.clinicId !== null && query.clinic !== scope.clinicId) {
        const message = `You answer the messages to ${scope.clinicName ?? 'your own clinic'}; another clinic’s staff answer its own.`;
        throw forbidden(message, [{ field: 'query.clinic', message }]);
      }
      const clinicId = query.clinic ?? scope.clinicId;
      if (clinicId !== null) where.push(`t.clinic_id = $${params.push(clinicId)}`);
    }
    if (query.status !== undefined) where.push(`t.status = $${params.push(query.status)}`);
    // Open threads wait for an answer: the longest waiting first. Otherwise the latest first.
    const order = query.status === 'open' ? 't.last_message_at, t.id' : 't.last_message_at DESC, t.id';
    const rows = await db.query<ThreadRow>(
      `${SELECT_THREAD} WHERE ${where.length > 0 ? where.join(' AND ') : 'true'}
       ORDER BY ${order} LIMIT $${params.push(query.limit + 1)}`,
      params,
    );
    return {
      results: rows.slice(0, query.limit).map((row) => answerFor(caller, 'support-thread', toSummary(row))),
      truncated: rows.length > query.limit,
    };
  });
}

export async function readThread(db: Database, caller: Actor, id: string): Promise<SupportThread> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'support.read',
    resourceType: 'support_thread',
    resourceId: id,
    subjectId: null,
  };
  return operation(db, entry, async () => {
    const { row } = await reachableThread(db, caller, id, 'support.read', entry);
    return threadFor(caller, await loadThread(db, row));
  });
}

/** A thread as the caller reads it, its summary included. */
function threadFor(caller: Actor, thread: SupportThread): SupportThread {
  return answerFor(caller, 'support-thread', { ...thread, thread: answerFor(caller, 'support-thread', thread.thread) });
}

/** The thread's answer, recorded with the change (and its Idempotency-Key) in the change's transaction. */
async function answerWith(
  tx: Queryable,
  caller: Actor,
  id: string,
  status: 200 | 201,
  audit: AuditScope,
): Promise<Answer<SupportThread>> {
  const row = await selectThreadRow(tx, id);
  if (!row) throw new Error(`Support thread ${id} vanished inside its own transaction`);
  return audit.recordSuccess(tx, {
    status,
    body: threadFor(caller, await loadThread(tx, row)),
    headers: status === 201 ? { Location: `${API_BASE_PATH}/support/threads/${id}` } : {},
  });
}

/** The clinic a client writes to: the one it names, else the one its profile names. */
async function clinicWrittenTo(db: Queryable, clientId: string, named: string | undefined): Promise<string> {
  if (named !== undefined) {
    const [clinic] = await db.query<{ id: string }>('SELECT id FROM clinics WHERE id = $1', [named]);
    if (!clinic) throw badRequest('There is no such clinic.', [{ field: 'body.clinic_id', message: 'no such clinic' }]);
    return clinic.id;
  }
  const own = await profileClinic(db, clientId);
  if (!own) {
    throw badRequest('Choose the clinic to write to.', [{ field: 'body.clinic_id', message: 'choose a clinic' }]);
  }
  return own.id;
}

/** A reference must be one of the client's own appointments, or one of its own signed visits. */
async function checkReference(db: Queryable, clientId: string, reference: SupportThreadCreate['reference']) {
  if (reference?.appointment_id !== undefined) {
    const [appointment] = await db.query<{ client_id: string }>('SELECT client_id FROM appointments WHERE id = $1', [
      reference.appointment_id,
    ]);
    if (appointment?.client_id !== clientId) {
      throw badRequest('That is not one of your appointments.', [
        { field: 'body.reference.appointment_id', message: 'not one of your appointments' },
      ]);
    }
  }
  if (reference?.visit_id !== undefined) {
    const [visit] = await db.query<{ client_id: string; state: string }>(
      'SELECT client_id, state FROM visits WHERE id = $1',
      [reference.visit_id],
    );
    if (visit?.client_id !== clientId || visit.state !== 'signed') {
      throw badRequest('That is not one of your visits.', [
        { field: 'body.reference.visit_id', message: 'not one of your visits' },
      ]);
    }
  }
}

function idTaken(field: string, what: string) {
  return conflict(`A ${what} with this id exists already; make a new id for a new ${what}.`, [
    { field, message: 'already used' },
  ]);
}

export async function createThread(
  { db, now }: SupportDeps,
  caller: Actor,
  body: SupportThreadCreate,
): Promise<Answer<SupportThread>> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'support.create',
    resourceType: 'support_thread',
    resourceId: body.id,
    subjectId: caller.id,
    fields: Object.keys(body).filter((field) => field !== 'id' && field !== 'message_id'),
  };
  return operation(db, entry, async (audit) => {
    // A client starts a thread with the clinic (its own record); staff answer.
    if (grantedVia(caller, 'support.write', { id: caller.id, role: caller.role }) !== 'self') {
      throw forbidden('A client starts a thread with the clinic; staff answer it.');
    }
    requireWritable(caller, 'support-thread', body);
    const clinicId = await clinicWrittenTo(db, caller.id, body.clinic_id);
    await checkReference(db, caller.id, body.reference);
    return db.transaction(async (tx) => {
      const at = now();
      const [inserted] = await tx.query<{ id: string }>(
        `INSERT INTO support_threads (id, client_id, clinic_id, subject, appointment_id, visit_id, status, created_at,
                                      last_message_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'open', $7, $7) ON CONFLICT (id) DO NOTHING RETURNING id`,
        [
          body.id,
          caller.id,
          clinicId,
          body.subject,
          body.reference?.appointment_id ?? null,
          body.reference?.visit_id ?? null,
          at,
        ],
      );
      if (!inserted) {
        // Sent before (a resend, or the same change from the outbox under a new key): the same thread, or a clash of ids.
        const [first] = await tx.query<{ client_id: string; subject: string; text: string | null; message_id: string }>(
          `SELECT t.client_id, t.subject, m.text, m.id AS message_id FROM support_threads t
           LEFT JOIN support_messages m ON m.thread_id = t.id
           WHERE t.id = $1 ORDER BY m.created_at, m.id LIMIT 1`,
          [body.id],
        );
        const same =
          first?.client_id === caller.id &&
          first.subject === body.subject &&
          first.message_id === body.message_id &&
          first.text === body.text;
        if (!same) throw idTaken('body.id', 'thread');
        return answerWith(tx, caller, body.id, 200, audit);
      }
      const [message] = await tx.query<{ id: string }>(
        `INSERT INTO support_messages (id, thread_id, author_id, from_clinic, text, device_id, created_at)
         VALUES ($1, $2, $3, false, $4, $5, $6) ON CONFLICT (id) DO NOTHING RETURNING id`,
        [body.message_id, body.id, caller.id, body.text, caller.deviceId, at],
      );
      if (!message) throw idTaken('body.message_id', 'message');
      return answerWith(tx, caller, body.id, 201, audit);
    });
  });
}

export async function addMessage(
  { db, now }: SupportDeps,
  caller: Actor,
  { threadId, body }: { threadId: string; body: SupportMessageCreate },
): Promise<Answer<SupportThread>> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'support.reply',
    resourceType: 'support_thread',
    resourceId: threadId,
    subjectId: null,
    fields: ['text'],
  };
  return operation(db, entry, async (audit) =>
    db.transaction(async (tx) => {
      const { via } = await reachableThread(tx, caller, threadId, 'support.write', entry, { lock: true });
      requireWritable(caller, 'support-thread', body);
      const fromClinic = via === 'role';
      const at = now();
      const [inserted] = await tx.query<{ id: string }>(
        `INSERT INTO support_messages (id, thread_id, author_id, from_clinic, text, device_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING RETURNING id`,
        [body.id, threadId, caller.id, fromClinic, body.text, caller.deviceId, at],
      );
      if (!inserted) {
        const [kept] = await tx.query<{ thread_id: string; author_id: string; text: string }>(
          'SELECT thread_id, author_id, text FROM support_messages WHERE id = $1',
          [body.id],
        );
        const same = kept?.thread_id === threadId && kept.author_id === caller.id && kept.text === body.text;
        if (!same) throw idTaken('body.id', 'message');
        return answerWith(tx, caller, threadId, 200, audit);
      }
      await tx.query('UPDATE support_threads SET status = $2, last_message_at = $3 WHERE id = $1', [
        threadId,
        statusAfterMessage(fromClinic),
        at,
      ]);
      return answerWith(tx, caller, threadId, 201, audit);
    }),
  );
}
