/**
 * What people see of the messages: the list the clinic sent a client (the
 * portal; staff), an appointment's messages and how each went (staff see
 * whether its confirmation and reminder went out, or why not), a client's
 * channels per kind, and the one-click unsubscribe of a reminder's header.
 * Every read and change is audited with the client as subject.
 */
import { MESSAGE_TOPICS, topicOfKind } from '@contract';
import { answerFor, requireWritable } from '../access/fields.ts';
import { requireGrant, requireGrantOverEveryone, requireSomeGrant, targetUser } from '../access/grants.ts';
import type { Actor } from '../core/actor.ts';
import type { Answer } from '../core/answer.ts';
import type { AuditEntry } from '../core/audit-trail.ts';
import type { ListStaffAlertsQuery } from '../core/contract-types.ts';
import type { components } from '@contract';
import { operation } from '../core/operation.ts';
import { notFound } from '../core/problem.ts';
import type { Database, Queryable } from '../db/database.ts';
import { preferencesOf } from './facts.ts';

type Schemas = components['schemas'];
type Message = Schemas['Message'];
type MessagePreferences = Schemas['MessagePreferences'];
type Timestamp = Date | string;

/** The most a list shows. */
const LIST_LIMIT = 100;

interface MessageRow {
  id: string;
  kind: Message['kind'];
  channel: Message['channel'];
  status: Message['status'];
  reason: string | null;
  address: string;
  subject: string;
  appointment_id: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  attempts: number;
  not_before: Timestamp;
}

const iso = (value: Timestamp) => new Date(value).toISOString();

/** An address partly hidden: enough to recognise it, not to copy it. */
export function maskedAddress(address: string, channel: Message['channel']): string {
  if (address === '') return '—';
  if (channel === 'sms') return `•••• ${address.slice(-4)}`;
  const [local = '', domain = ''] = address.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    kind: row.kind,
    channel: row.channel,
    status: row.status,
    reason: row.reason,
    to: maskedAddress(row.address, row.channel),
    subject: row.subject,
    appointment_id: row.appointment_id,
    created_at: iso(row.created_at),
    sent_at: row.sent_at === null ? null : iso(row.sent_at),
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' ? iso(row.not_before) : null,
  };
}

const MESSAGE_COLUMNS = `id, kind, channel, status, reason, address, subject, appointment_id, created_at, sent_at,
  attempts, not_before`;

function entryFor(caller: Actor, action: AuditEntry['action'], subjectId: string | null): AuditEntry {
  return {
    actor: caller,
    action,
    resourceType: action.startsWith('messages.preferences') ? 'message_preferences' : 'message',
    resourceId: null,
    subjectId,
  };
}

/** GET /clients/{id}/messages: newest first. */
export async function listClientMessages(db: Database, caller: Actor, clientId: string) {
  return operation(db, entryFor(caller, 'messages.list', clientId), async () => {
    requireGrant(caller, 'messages.read', await targetUser(db, clientId));
    const rows = await db.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE recipient_id = $1
       ORDER BY created_at DESC, id LIMIT ${LIST_LIMIT}`,
      [clientId],
    );
    return { results: rows.map((row) => answerFor(caller, 'message', toMessage(row))) };
  });
}

/** GET /appointments/{id}/messages: newest first. */
export async function listAppointmentMessages(db: Database, caller: Actor, appointmentId: string) {
  const entry = { ...entryFor(caller, 'messages.list', null), resourceId: appointmentId };
  return operation(db, entry, async () => {
    requireSomeGrant(caller, 'messages.read', 'You may not see the messages sent to clients.');
    const [appointment] = await db.query<{ client_id: string }>('SELECT client_id FROM appointments WHERE id = $1', [
      appointmentId,
    ]);
    if (!appointment) throw notFound('There is no such appointment.');
    entry.subjectId = appointment.client_id;
    requireGrant(caller, 'messages.read', await targetUser(db, appointment.client_id));
    const rows = await db.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE appointment_id = $1 ORDER BY created_at DESC, id LIMIT ${LIST_LIMIT}`,
      [appointmentId],
    );
    return { results: rows.map((row) => answerFor(caller, 'message', toMessage(row))) };
  });
}

/**
 * GET /messages/staff-alerts: what the clinics told their care inboxes of very low Thrive checks, newest
 * first; one clinic's, or those the sender gave up on, when asked.
 */
export async function listStaffAlerts(db: Database, caller: Actor, query: ListStaffAlertsQuery) {
  return operation(db, entryFor(caller, 'messages.list', null), async () => {
    requireGrantOverEveryone(caller, 'messages.alerts');
    const params: unknown[] = [];
    const where = ["kind = 'staff_alert'"];
    if (query.clinic !== undefined) where.push(`clinic_id = $${params.push(query.clinic)}`);
    if (query.status !== undefined) where.push(`status = $${params.push(query.status)}`);
    const rows = await db.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE ${where.join(' AND ')}
       ORDER BY created_at DESC, id LIMIT ${LIST_LIMIT}`,
      params,
    );
    return { results: rows.map((row) => answerFor(caller, 'staff-alert', toMessage(row))) };
  });
}

async function preferencesOfClient(db: Queryable, clientId: string): Promise<MessagePreferences> {
  const [row] = await db.query<{
    preferred_contact_method: string | null;
    topics: { topic: Schemas['MessageTopic']; email: boolean; sms: boolean }[];
  }>(
    `SELECT p.preferred_contact_method,
            coalesce((SELECT json_agg(json_build_object('topic', mp.topic, 'email', mp.email, 'sms', mp.sms))
                      FROM message_preferences mp WHERE mp.client_id = $1), '[]') AS topics
     FROM users u LEFT JOIN profiles p ON p.client_id = u.id WHERE u.id = $1`,
    [clientId],
  );
  return preferencesOf(row?.topics ?? [], row?.preferred_contact_method ?? null);
}

async function storePreference(tx: Queryable, clientId: string, topic: string, choice: Schemas['ChannelChoice']) {
  await tx.query(
    `INSERT INTO message_preferences (client_id, topic, email, sms) VALUES ($1, $2, $3, $4)
     ON CONFLICT (client_id, topic) DO UPDATE SET email = excluded.email, sms = excluded.sms, updated_at = now()`,
    [clientId, topic, choice.email, choice.sms],
  );
}

/** GET /clients/{id}/message-preferences */
export async function getMessagePreferences(db: Database, caller: Actor, clientId: string) {
  return operation(db, entryFor(caller, 'messages.preferences-read', clientId), async () => {
    requireGrant(caller, 'messages.preferences', await targetUser(db, clientId));
    return answerFor(caller, 'message-preferences', await preferencesOfClient(db, clientId));
  });
}

/** PUT /clients/{id}/message-preferences: every kind at once. */
export async function putMessagePreferences(
  db: Database,
  caller: Actor,
  clientId: string,
  preferences: MessagePreferences,
): Promise<Answer<MessagePreferences>> {
  const entry = { ...entryFor(caller, 'messages.preferences-update', clientId), fields: Object.keys(preferences) };
  return operation(db, entry, async (audit) => {
    requireGrant(caller, 'messages.preferences', await targetUser(db, clientId), 'path.id');
    requireWritable(caller, 'message-preferences', preferences);
    return db.transaction(async (tx) => {
      for (const { topic } of MESSAGE_TOPICS) await storePreference(tx, clientId, topic, preferences[topic]);
      const stored = await preferencesOfClient(tx, clientId);
      return audit.recordSuccess(tx, { status: 200, body: answerFor(caller, 'message-preferences', stored) });
    });
  });
}

/**
 * POST /messages/unsubscribe?token=…: the token of one reminder names its client and kind; that kind's
 * e-mails stop. Audited as the client's own change (the token stands for the client).
 */
export async function unsubscribeOneClick(db: Database, token: string) {
  const [message] = await db.query<{ recipient_id: string | null; kind: Message['kind']; role: string | null }>(
    `SELECT m.recipient_id, m.kind, u.role FROM messages m JOIN users u ON u.id = m.recipient_id
     WHERE m.unsubscribe_token = $1`,
    [token],
  );
  const topic = message ? topicOfKind(message.kind) : null;
  if (!message?.recipient_id || topic === null) throw notFound('This unsubscribe link is not known.');
  const clientId = message.recipient_id;
  const client: Actor = { id: clientId, role: 'CLIENT', deviceId: null, idempotency: null };
  const entry = { ...entryFor(client, 'messages.unsubscribe', clientId), fields: [topic] };
  return operation(db, entry, async (audit) =>
    db.transaction(async (tx) => {
      const current = await preferencesOfClient(tx, clientId);
      await storePreference(tx, clientId, topic, { ...current[topic], email: false });
      return audit.recordSuccess(tx, { status: 200, body: { unsubscribed: topic } });
    }),
  );
}

/** One message as the contract shows it (a password reset's answer). */
export async function messageById(db: Queryable, id: string): Promise<Message> {
  const [row] = await db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id = $1`, [id]);
  if (!row) throw new Error(`Message ${id} vanished inside its own transaction`);
  return toMessage(row);
}
