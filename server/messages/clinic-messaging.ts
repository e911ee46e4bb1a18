/**
 * How a clinic's messages go out, set up by the administration: how long
 * before an appointment its reminder goes, the intake call's video room sent
 * with a video call's reminder, and the care inbox a very low Thrive check
 * alerts. About no one, so it is read and changed only with a grant reaching
 * everyone; a change is audited with the names of the fields it changed.
 */
import type { components } from '@contract';
import { answerFor, requireWritable } from '../access/fields.ts';
import { requireGrantOverEveryone } from '../access/grants.ts';
import type { Actor } from '../core/actor.ts';
import type { Answer } from '../core/answer.ts';
import type { AuditEntry } from '../core/audit-trail.ts';
import { operation } from '../core/operation.ts';
import { notFound } from '../core/problem.ts';
import type { Database, Queryable } from '../db/database.ts';

type ClinicMessaging = components['schemas']['ClinicMessaging'];
type ClinicMessagingPatch = components['schemas']['ClinicMessagingPatch'];

function entryFor(caller: Actor, action: AuditEntry['action'], clinicId: string): AuditEntry {
  return { actor: caller, action, resourceType: 'clinic_messaging', resourceId: clinicId, subjectId: null };
}

async function messagingOf(db: Queryable, clinicId: string, { lock = false } = {}): Promise<ClinicMessaging> {
  const [row] = await db.query<{
    id: string;
    lead_hours: number;
    video_room_url: string | null;
    care_inbox: string | null;
  }>(
    `SELECT id, (extract(epoch FROM reminder_lead) / 3600)::int AS lead_hours, video_room_url, care_inbox
     FROM clinics WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [clinicId],
  );
  if (!row) throw notFound('There is no such clinic.');
  return {
    clinic_id: row.id,
    reminder_lead_hours: row.lead_hours,
    video_room_url: row.video_room_url,
    care_inbox: row.care_inbox,
  };
}

/** GET /clinics/{id}/messaging */
export async function getClinicMessaging(db: Database, caller: Actor, clinicId: string): Promise<ClinicMessaging> {
  return operation(db, entryFor(caller, 'clinics.messaging-read', clinicId), async () => {
    requireGrantOverEveryone(caller, 'clinics.messaging');
    return answerFor(caller, 'clinic-messaging', await messagingOf(db, clinicId));
  });
}

/** PATCH /clinics/{id}/messaging: the fields named, and no others. */
export async function patchClinicMessaging(
  db: Database,
  caller: Actor,
  clinicId: string,
  patch: ClinicMessagingPatch,
): Promise<Answer<ClinicMessaging>> {
  const entry = { ...entryFor(caller, 'clinics.messaging-update', clinicId), fields: Object.keys(patch) };
  return operation(db, entry, async (audit) => {
    requireGrantOverEveryone(caller, 'clinics.messaging');
    requireWritable(caller, 'clinic-messaging', patch);
    return db.transaction(async (tx) => {
      const current = await messagingOf(tx, clinicId, { lock: true });
      const next = { ...current, ...patch };
      await tx.query(
        `UPDATE clinics SET reminder_lead = make_interval(hours => $2), video_room_url = $3, care_inbox = $4
         WHERE id = $1`,
        [clinicId, next.reminder_lead_hours, next.video_room_url, next.care_inbox],
      );
      const changed = answerFor(caller, 'clinic-messaging', await messagingOf(tx, clinicId));
      return audit.recordSuccess(tx, { status: 200, body: changed });
    });
  });
}
