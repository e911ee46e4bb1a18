/**
 * What a claimed message says when it goes, read as things are then: the
 * appointment may have moved or been cancelled since it was written, and the
 * client may have turned the channel off. A message no longer due is skipped
 * with the reason, for staff to see.
 */
import { topicOfKind } from '@contract';
import type { Queryable } from '../db/database.ts';
import { CLIENT_TURNED_OFF } from './appointment-messages.ts';
import { appointmentMessageFacts } from './facts.ts';
import type { ClinicFacts, MessageChannel, MessageContext, MessageKind } from './templates.ts';

export interface ClaimedMessage {
  id: string;
  kind: MessageKind;
  channel: MessageChannel;
  recipient_id: string | null;
  address: string;
  clinic_id: string | null;
  appointment_id: string | null;
  payload: { starts_at?: string; previous_starts_at?: string; temporary_password?: string };
  attempts: number;
  give_up_at: Date | string;
  unsubscribe_token: string | null;
  created_at: Date | string;
}

export type Prepared = { due: true; context: MessageContext } | { due: false; reason: string };

async function clinicFacts(db: Queryable, clinicId: string | null): Promise<ClinicFacts | null> {
  if (clinicId === null) return null;
  const [row] = await db.query<{
    name: string;
    time_zone: string;
    phone: string | null;
    address: string | null;
    video_room_url: string | null;
  }>('SELECT name, time_zone, phone, address, video_room_url FROM clinics WHERE id = $1', [clinicId]);
  return row
    ? {
        name: row.name,
        timeZone: row.time_zone,
        phone: row.phone,
        address: row.address,
        videoRoomUrl: row.video_room_url,
      }
    : null;
}

async function firstNameOf(db: Queryable, userId: string | null): Promise<string | null> {
  if (userId === null) return null;
  const [row] = await db.query<{ first_name: string }>('SELECT first_name FROM profiles WHERE client_id = $1', [
    userId,
  ]);
  return row?.first_name ?? null;
}

/** Why an appointment's message is no longer due, or null when it is. */
function notDueBecause(message: ClaimedMessage, status: string, startsAt: Date, now: Date): string | null {
  const writtenFor = message.payload.starts_at ? new Date(message.payload.starts_at).getTime() : null;
  switch (message.kind) {
    case 'reminder':
      if (status !== 'booked') return 'The appointment was cancelled or has begun.';
      if (writtenFor !== startsAt.getTime()) return 'The appointment was moved; a reminder for its new time follows.';
      if (startsAt <= now) return 'The appointment had started.';
      return null;
    case 'booking_confirmation':
      return status === 'cancelled' ? 'The appointment was cancelled before this went.' : null;
    case 'appointment_moved':
      return writtenFor !== startsAt.getTime() ? 'The appointment was moved again; a newer notice follows.' : null;
    case 'appointment_cancelled':
    case 'staff_alert':
    case 'temporary_password':
    case 'invitation':
      return null;
  }
}

export async function prepareMessage(
  db: Queryable,
  message: ClaimedMessage,
  { appUrl, now }: { appUrl: string; now: Date },
): Promise<Prepared> {
  const base = {
    kind: message.kind,
    channel: message.channel,
    recipientId: message.recipient_id,
    appUrl,
    previousStartsAt: message.payload.previous_starts_at ? new Date(message.payload.previous_starts_at) : null,
    temporaryPassword: message.payload.temporary_password ?? null,
    unsubscribeUrl:
      message.unsubscribe_token === null
        ? null
        : `${appUrl}/api/v1/messages/unsubscribe?token=${message.unsubscribe_token}`,
    now,
  };
  if (message.appointment_id === null) {
    return {
      due: true,
      context: {
        ...base,
        firstName: await firstNameOf(db, message.recipient_id),
        clinic: await clinicFacts(db, message.clinic_id),
        appointment: null,
      },
    };
  }
  const facts = await appointmentMessageFacts(db, message.appointment_id);
  const reason = notDueBecause(message, facts.appointment.status, facts.appointment.startsAt, now);
  if (reason !== null) return { due: false, reason };
  const topic = topicOfKind(message.kind);
  if (topic !== null && !facts.preferences[topic][message.channel]) return { due: false, reason: CLIENT_TURNED_OFF };
  return {
    due: true,
    context: { ...base, firstName: facts.client.firstName, clinic: facts.clinic, appointment: facts.appointment },
  };
}
