/**
 * A very low Thrive check (openapi/assessments/thrive-check.ts) reaches staff
 * as an e-mail to the clinic's care inbox, written in the result's own
 * transaction. It names no client and no score: a link into Thrive is enough.
 * The clinic is the client's (its profile's); a client whose profile names
 * none is every clinic's concern, so every care inbox hears of it.
 */
import type { Queryable } from '../db/database.ts';
import { DEFAULT_GIVE_UP_MS, writeMessage } from './outbox.ts';
import { STAFF_ALERT_SUBJECT } from './templates.ts';

export async function queueStaffAlert(
  tx: Queryable,
  { assessmentId, clientId }: { assessmentId: string; clientId: string },
  now: Date,
): Promise<void> {
  const inboxes = await tx.query<{ id: string; care_inbox: string }>(
    `SELECT c.id, c.care_inbox FROM clinics c
     WHERE c.care_inbox IS NOT NULL
       AND (c.name = (SELECT p.clinic FROM profiles p WHERE p.client_id = $1)
            OR NOT EXISTS (SELECT 1 FROM profiles p JOIN clinics pc ON pc.name = p.clinic WHERE p.client_id = $1))
     ORDER BY c.name`,
    [clientId],
  );
  for (const inbox of inboxes) {
    await writeMessage(
      tx,
      {
        dedupeKey: `staff_alert:${inbox.id}:${assessmentId}`,
        kind: 'staff_alert',
        channel: 'email',
        recipientId: null,
        address: inbox.care_inbox,
        clinicId: inbox.id,
        appointmentId: null,
        subject: STAFF_ALERT_SUBJECT,
        giveUpAt: new Date(now.getTime() + DEFAULT_GIVE_UP_MS),
      },
      now,
    );
  }
}
