/**
 * Reminders coming due: every booked appointment that starts within its
 * clinic's reminder lead and has no reminder for its current start gets one,
 * written by the sender's round inside its own transaction (an appointment
 * booked inside the lead gets it right after its confirmation; one moved gets
 * a new one for its new time).
 */
import type { Queryable } from '../db/database.ts';
import { queueAppointmentMessages } from './appointment-messages.ts';

/** Enough for a busy clinic's hour; the next round takes the rest. */
const REMINDERS_PER_ROUND = 200;

/** Writes the reminders due at `now`; how many appointments got one. */
export async function queueDueReminders(tx: Queryable, now: Date): Promise<number> {
  const due = await tx.query<{ id: string }>(
    `SELECT a.id FROM appointments a JOIN clinics c ON c.id = a.clinic_id
     WHERE a.status = 'booked' AND a.starts_at > $1 AND a.starts_at <= $1::timestamptz + c.reminder_lead
       AND NOT EXISTS (SELECT 1 FROM messages m
                       WHERE m.appointment_id = a.id AND m.kind = 'reminder'
                         AND (m.payload->>'starts_at')::timestamptz = a.starts_at)
     ORDER BY a.starts_at LIMIT ${REMINDERS_PER_ROUND}`,
    [now],
  );
  for (const { id } of due) await queueAppointmentMessages(tx, { appointmentId: id, kind: 'reminder' }, now);
  return due.length;
}
