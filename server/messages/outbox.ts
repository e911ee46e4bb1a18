/**
 * Writing to the message outbox, always inside the transaction of what causes
 * the message (a booking, a move, a reminder coming due, a low Thrive check, a
 * password reset), so there is no cause without its message and no message
 * without its cause. Each message has a key that says what makes it once: a
 * retried request or a second API instance writing the same message finds the
 * key taken and writes nothing.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import type { MessageChannel, MessageKind } from './templates.ts';

export interface NewMessage {
  dedupeKey: string;
  kind: MessageKind;
  channel: MessageChannel;
  recipientId: string | null;
  address: string;
  clinicId: string | null;
  appointmentId: string | null;
  payload?: Record<string, unknown>;
  subject: string;
  /** Not before then (default: at once). */
  notBefore?: Date;
  /** The sender gives up then. */
  giveUpAt: Date;
  /** Written as already decided: `skipped` with the reason (a client who chose no channel). */
  skippedBecause?: string;
  /** Give it a one-click unsubscribe token (reminders by e-mail). */
  unsubscribable?: boolean;
}

/** How long the sender keeps trying a message that has no natural deadline. */
export const DEFAULT_GIVE_UP_MS = 24 * 60 * 60_000;

/** A token of 32 random bytes, base64url: 43 characters, the contract's pattern. */
export function newUnsubscribeToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Writes the message unless one with its key exists; its id, or null when it was there already. */
export async function writeMessage(tx: Queryable, message: NewMessage, now: Date): Promise<string | null> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO messages (dedupe_key, kind, channel, recipient_id, address, clinic_id, appointment_id, payload,
                           subject, not_before, give_up_at, status, reason, unsubscribe_token)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, $12, $13, $14)
     ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
    [
      message.dedupeKey,
      message.kind,
      message.channel,
      message.recipientId,
      message.address,
      message.clinicId,
      message.appointmentId,
      JSON.stringify(message.payload ?? {}),
      message.subject,
      message.notBefore ?? now,
      message.giveUpAt,
      message.skippedBecause === undefined ? 'pending' : 'skipped',
      message.skippedBecause ?? null,
      message.unsubscribable ? newUnsubscribeToken() : null,
    ],
  );
  return row?.id ?? null;
}
