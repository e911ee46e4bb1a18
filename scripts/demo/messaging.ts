/**
 * The demo clinics' messaging (migration 021): the intake call's video room
 * and the care inbox staff alerts go to, where the clinic has none yet; their
 * reminder lead stays the default 24 hours. The featured client also hears of
 * its reminders by SMS, so the local inbox shows one (as `<number>@sms.local`).
 */
import type { Queryable } from '../../server/db/database.ts';

export const CLINIC_MESSAGING: Readonly<Record<string, { videoRoomUrl: string; careInbox: string }>> = {
  'Thrive Bengaluru': {
    videoRoomUrl: 'https://meet.thrive.test/bengaluru-intake',
    careInbox: 'care.bengaluru@thrive.test',
  },
  'Thrive London': { videoRoomUrl: 'https://meet.thrive.test/london-intake', careInbox: 'care.london@thrive.test' },
};

export async function seedClinicMessaging(tx: Queryable): Promise<void> {
  for (const [name, messaging] of Object.entries(CLINIC_MESSAGING)) {
    await tx.query(
      `UPDATE clinics SET video_room_url = coalesce(video_room_url, $2), care_inbox = coalesce(care_inbox, $3)
       WHERE name = $1`,
      [name, messaging.videoRoomUrl, messaging.careInbox],
    );
  }
}

/** Reminders by e-mail and SMS for one client, unless it chose already. */
export async function seedSmsReminders(db: Queryable, clientId: string): Promise<void> {
  await db.query(
    `INSERT INTO message_preferences (client_id, topic, email, sms) VALUES ($1, 'reminder', true, true)
     ON CONFLICT DO NOTHING`,
    [clientId],
  );
}
