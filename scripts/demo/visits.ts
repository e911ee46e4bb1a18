/**
 * The demo's charting: every therapy session of the demo week that is done
 * has its signed visit (charted and signed by the nurse who ran it), every
 * session in progress its draft, and one session that ended earlier today at
 * the main clinic is still a draft, so the hub shows a visit to complete.
 * Visits are written with the week, in its transaction, and replaced with it.
 */
import { exampleVisit } from '@contract';
import { VISIT_THERAPIES } from '@contract';
import type { VisitDraft, VisitTherapy } from '@contract';
import { signatureMeaningText, wallClockAt } from '@contract';
import type { Queryable } from '../../server/db/database.ts';
import { signedContentHash } from '../../server/visits/visit-signing.ts';
import type { VisitContent } from '../../server/visits/visit-store.ts';
import { DEMO_CLINICS, DEMO_SERVICES, type PlannedAppointment } from './schedule.ts';
import { stableUuid } from './stable-id.ts';

export interface PlannedVisit {
  id: string;
  client_id: string;
  therapy: VisitTherapy;
  appointment_id: string;
  clinic_id: string;
  state: 'draft' | 'signed';
  content: VisitContent;
  attributions: Record<string, { by: string; at: string }>;
  created_by: string;
  created_at: string;
  signed_at: string | null;
  content_hash: string | null;
}

const THERAPY_OF = new Map(
  DEMO_SERVICES.filter((service) => (VISIT_THERAPIES as readonly string[]).includes(service.therapyKind)).map(
    (service) => [service.id, service.therapyKind as VisitTherapy],
  ),
);
const CLINIC_OF = new Map(DEMO_CLINICS.flatMap((clinic) => clinic.resources.map((r) => [r.id, clinic] as const)));

const minutesOf = (duration: string) => {
  const [hours = 0, minutes = 0] = duration.split(':').map(Number);
  return hours * 60 + minutes;
};

/** The id of the demo visit charting an appointment. */
export const demoVisitId = (appointmentId: string) => stableUuid(`thrive-demo-visit:${appointmentId}`);

export function contentOf(draft: VisitDraft): VisitContent {
  const { client_id: _client, therapy: _therapy, appointment_id: _appointment, ...content } = draft;
  return content;
}

/** Everything charted attributed to the nurse, at the time the session started. */
export function attributionsOf(draft: VisitDraft, by: string, at: string): Record<string, { by: string; at: string }> {
  const stamp = { by, at };
  const ids = [
    ...(draft.vitals ?? []).map((entry) => entry.id),
    ...Object.values(draft[draft.therapy] ?? {}).flatMap((value) =>
      Array.isArray(value)
        ? value.flatMap((entry: unknown) =>
            typeof entry === 'object' && entry !== null && 'id' in entry ? [String(entry.id)] : [],
          )
        : [],
    ),
  ];
  const fields = Object.entries(draft[draft.therapy] ?? {})
    .filter(([, value]) => !Array.isArray(value) && value !== null)
    .map(([name]) => `${draft.therapy}.${name}`);
  return Object.fromEntries([...ids, ...fields, 'notes', 'consent.therapy_consent'].map((key) => [key, stamp]));
}

/** A session under way: its screen and first readings, nothing timed after now. */
function underWay(full: VisitDraft, now: Date): VisitDraft {
  const draft: VisitDraft = { ...full, vitals: full.vitals!.filter((entry) => entry.phase === 'before'), notes: null };
  if (draft.iv) {
    draft.iv = {
      ...draft.iv,
      stopped_at: null,
      volume_infused_ml: null,
      site_checks: (draft.iv.site_checks ?? []).filter((check) => Date.parse(check.checked_at) <= now.getTime()),
    };
  }
  return draft;
}

/**
 * The visits of a planned week, and the week as it then is (the one session
 * left to complete stays in progress).
 */
export function planDemoVisits(
  week: readonly PlannedAppointment[],
  now: Date,
): {
  week: PlannedAppointment[];
  visits: PlannedVisit[];
} {
  const main = DEMO_CLINICS[0]!;
  const today = wallClockAt(now, main.timeZone).date;
  const toComplete = week
    .filter(
      (a) =>
        a.status === 'completed' &&
        THERAPY_OF.has(a.service_id) &&
        CLINIC_OF.get(a.resource_id) === main &&
        wallClockAt(new Date(a.starts_at), main.timeZone).date === today,
    )
    .sort((a, b) => Date.parse(b.starts_at) - Date.parse(a.starts_at))[0];
  const adjusted = week.map((a) =>
    a === toComplete ? { ...a, status: 'in_progress' as const, completed_at: null } : a,
  );
  const visits = adjusted.flatMap((appointment): PlannedVisit[] => {
    const therapy = THERAPY_OF.get(appointment.service_id);
    const clinic = CLINIC_OF.get(appointment.resource_id);
    if (!therapy || !clinic || appointment.started_at === null) return [];
    if (appointment.status !== 'completed' && appointment.status !== 'in_progress') return [];
    const id = demoVisitId(appointment.id);
    let n = 0;
    const full = exampleVisit(therapy, {
      clientId: appointment.client_id,
      at: new Date(appointment.started_at),
      newId: () => stableUuid(`${id}:${n++}`),
      appointmentId: appointment.id,
      minutes: minutesOf(appointment.duration),
    });
    const signed = appointment.status === 'completed';
    // A session under way has its screen and first readings, not yet the rest.
    const draft: VisitDraft = signed ? full : underWay(full, now);
    const row = {
      id,
      client_id: appointment.client_id,
      therapy,
      appointment_id: appointment.id,
      content: contentOf(draft),
      attributions: attributionsOf(draft, appointment.staff_id, appointment.started_at),
    };
    return [
      {
        ...row,
        clinic_id: clinic.id,
        state: signed ? 'signed' : 'draft',
        created_by: appointment.staff_id,
        created_at: appointment.started_at,
        signed_at: signed ? appointment.completed_at : null,
        content_hash: signed ? signedContentHash(row) : null,
      },
    ];
  });
  return { week: adjusted, visits };
}

/** Writes the visits of the demo week (those of appointments that were left out are skipped). */
export async function writeDemoVisits(tx: Queryable, visits: readonly PlannedVisit[]): Promise<number> {
  const written = await tx.query(
    `INSERT INTO visits (id, client_id, therapy, appointment_id, clinic_id, state, content, attributions, created_by,
                         updated_by, created_at, updated_at, signed_by, signed_at, signed_on_device_at, content_hash,
                         opened_at, signed_role, signature_meaning, signature_meaning_text, signature_reauthentication)
     SELECT x.id, x.client_id, x.therapy, x.appointment_id, x.clinic_id, x.state, x.content, x.attributions, x.created_by,
            x.created_by, x.created_at, coalesce(x.signed_at, x.created_at),
            CASE WHEN x.state = 'signed' THEN x.created_by END, x.signed_at, x.signed_at, x.content_hash,
            x.created_at, CASE WHEN x.state = 'signed' THEN (SELECT u.role FROM users u WHERE u.id::text = x.created_by) END,
            CASE WHEN x.state = 'signed' THEN 'performed' END, CASE WHEN x.state = 'signed' THEN $2 END,
            CASE WHEN x.state = 'signed' THEN 'password' END
     FROM jsonb_to_recordset($1::jsonb) AS x(
       id uuid, client_id uuid, therapy text, appointment_id uuid, clinic_id uuid, state text, content jsonb,
       attributions jsonb, created_by text, created_at timestamptz, signed_at timestamptz, content_hash text)
     WHERE EXISTS (SELECT 1 FROM appointments a WHERE a.id = x.appointment_id)
     ON CONFLICT DO NOTHING RETURNING id`,
    // The nurse who ran the session signed it, with her password.
    [JSON.stringify(visits), signatureMeaningText('performed')],
  );
  return written.length;
}

/** Removes the demo's own visits of the appointments about to be replaced. */
export async function deleteDemoVisits(tx: Queryable, appointmentIds: readonly string[]): Promise<void> {
  if (appointmentIds.length === 0) return;
  await tx.query(`DELETE FROM visits WHERE id IN (SELECT value::uuid FROM jsonb_array_elements_text($1::jsonb))`, [
    JSON.stringify(appointmentIds.map(demoVisitId)),
  ]);
}
