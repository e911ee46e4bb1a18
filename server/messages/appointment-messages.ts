/**
 * The messages an appointment causes, written in the transaction that causes
 * them: its confirmation when booked, a notice when the clinic moves or
 * cancels it, and its reminder once it is within the clinic's reminder lead
 * (written by the sender's round, reminders.ts). One message per channel the
 * client chose for that kind; when it chose none, one message marked skipped,
 * so staff see why nothing went.
 */
import { topicOfKind } from '@contract';
import type { Queryable } from '../db/database.ts';
import { appointmentMessageFacts } from './facts.ts';
import { DEFAULT_GIVE_UP_MS, writeMessage } from './outbox.ts';
import { renderMessage, type MessageChannel, type MessageKind } from './templates.ts';

export type AppointmentMessageKind = Extract<
  MessageKind,
  'booking_confirmation' | 'reminder' | 'appointment_moved' | 'appointment_cancelled'
>;

export interface AppointmentMessageCause {
  appointmentId: string;
  kind: AppointmentMessageKind;
  /** A move's earlier start. */
  previousStartsAt?: Date;
}

export const CLIENT_TURNED_OFF = 'The client chose not to get these.';
export const NO_ADDRESS = 'The client has no address for this channel.';

/** What makes each message once: per appointment, and per start for a reminder, per version for a move. */
function dedupeKey(kind: AppointmentMessageKind, channel: MessageChannel, id: string, start: Date, version: number) {
  switch (kind) {
    case 'reminder':
      return `${kind}:${channel}:${id}:${start.toISOString()}`;
    case 'appointment_moved':
      return `${kind}:${channel}:${id}:v${version}`;
    case 'booking_confirmation':
    case 'appointment_cancelled':
      return `${kind}:${channel}:${id}`;
  }
}

/** Writes the appointment's message of `kind` on each chosen channel; how many were written new. */
export async function queueAppointmentMessages(
  tx: Queryable,
  cause: AppointmentMessageCause,
  now: Date,
): Promise<number> {
  const facts = await appointmentMessageFacts(tx, cause.appointmentId);
  const { appointment, clinic, client } = facts;
  const topic = topicOfKind(cause.kind);
  const chosen = topic === null ? { email: true, sms: false } : facts.preferences[topic];
  // A reminder is worth nothing once the appointment has started; other notices are kept trying for a day.
  const giveUpAt = cause.kind === 'reminder' ? appointment.startsAt : new Date(now.getTime() + DEFAULT_GIVE_UP_MS);
  const payload = {
    starts_at: appointment.startsAt.toISOString(),
    ...(cause.previousStartsAt ? { previous_starts_at: cause.previousStartsAt.toISOString() } : {}),
  };
  const channels: { channel: MessageChannel; address: string | null }[] = [
    { channel: 'email', address: client.email },
    { channel: 'sms', address: client.phone },
  ];
  let written = 0;
  for (const { channel, address } of channels) {
    if (!chosen[channel] && !(channel === 'email' && !chosen.sms)) continue;
    const skippedBecause = !chosen[channel] ? CLIENT_TURNED_OFF : address === null ? NO_ADDRESS : undefined;
    const { subject } = renderMessage({
      kind: cause.kind,
      channel,
      firstName: client.firstName,
      recipientId: client.id,
      appUrl: '',
      clinic,
      appointment,
      previousStartsAt: cause.previousStartsAt ?? null,
      temporaryPassword: null,
      unsubscribeUrl: null,
      now,
    });
    const id = await writeMessage(
      tx,
      {
        dedupeKey: dedupeKey(cause.kind, channel, appointment.id, appointment.startsAt, appointment.version),
        kind: cause.kind,
        channel,
        recipientId: client.id,
        address: address ?? '',
        clinicId: clinic.id,
        appointmentId: appointment.id,
        payload,
        subject,
        giveUpAt,
        ...(skippedBecause === undefined ? {} : { skippedBecause }),
        unsubscribable: cause.kind === 'reminder' && channel === 'email',
      },
      now,
    );
    if (id !== null) written += 1;
  }
  return written;
}
