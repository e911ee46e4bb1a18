/**
 * The demo's programs in use: demo clients enrolled in Thrive Foundations,
 * Metabolic Reset and HBOT Recovery at every stage (just started, half way,
 * paused, finished, starting next week), with the sessions they have had so
 * far as signed visits, and some who have fallen behind: nothing for longer
 * than their program's interval, and nothing booked.
 *
 * Dated from the day the stack starts and written with the demo week (in its
 * transaction), so the stages never go stale. Clients who fell behind, and
 * the client whose discovery page the demo shows off (no HIPAA consent, a
 * visit two days ago, the next appointment in five days), are kept out of the
 * week's rotation, so nothing else lands on their calendar.
 */
import { exampleVisit, signatureMeaningText } from '@contract';
import { addDays, instantAt, wallClockAt } from '@contract';
import type { EnrollmentStatus, VisitDraft, VisitTherapy } from '@contract';
import type { Queryable } from '../../server/db/database.ts';
import { signedContentHash } from '../../server/visits/visit-signing.ts';
import { demoAccount, type DemoAccount } from './accounts.ts';
import { LOW_WELLBEING_CLIENT, plannedWho5, writeDemoAssessments, type PlannedAssessment } from './assessments.ts';
import { DEMO_CLINICS, DEMO_SERVICES, type PlannedAppointment } from './schedule.ts';
import { stableUuid } from './stable-id.ts';
import { attributionsOf, contentOf, type PlannedVisit } from './visits.ts';

type DemoProgram = 'thrive_foundations' | 'metabolic_reset' | 'hbot_recovery';

/** The demo programs' length and planned sessions (as migration 008 defines them). */
const PLANS: Readonly<
  Record<DemoProgram, { weeks: number; sessions: Readonly<Partial<Record<VisitTherapy, number>>> }>
> = {
  thrive_foundations: { weeks: 12, sessions: { iv: 4, hbot: 6, red_light: 8, fir: 6 } },
  metabolic_reset: { weeks: 8, sessions: { iv: 8, fir: 8 } },
  hbot_recovery: { weeks: 4, sessions: { hbot: 20 } },
};

interface Stage {
  program: DemoProgram;
  /** Days from the start to today (negative: it starts in the future). */
  startedDaysAgo: number;
  status: EnrollmentStatus;
  /** Days between two sessions. */
  pace: number;
  /** The last session this many days ago; null for none yet. */
  lastDaysAgo: number | null;
  /** Out of the demo week: no other session or booking comes their way. */
  offWeek?: true;
}

/** The stages of the generated demo clients, by their place in the list (client-0001 first). */
const STAGES: readonly Stage[] = [
  { program: 'thrive_foundations', startedDaysAgo: 70, status: 'active', pace: 4, lastDaysAgo: 1 },
  { program: 'thrive_foundations', startedDaysAgo: 50, status: 'active', pace: 4, lastDaysAgo: 2 },
  { program: 'thrive_foundations', startedDaysAgo: 40, status: 'active', pace: 4, lastDaysAgo: 15, offWeek: true },
  { program: 'thrive_foundations', startedDaysAgo: 20, status: 'active', pace: 3, lastDaysAgo: 1 },
  { program: 'thrive_foundations', startedDaysAgo: 100, status: 'completed', pace: 3, lastDaysAgo: 31 },
  { program: 'metabolic_reset', startedDaysAgo: 35, status: 'active', pace: 3, lastDaysAgo: 1 },
  { program: 'metabolic_reset', startedDaysAgo: 28, status: 'active', pace: 4, lastDaysAgo: 12, offWeek: true },
  { program: 'metabolic_reset', startedDaysAgo: 14, status: 'active', pace: 3, lastDaysAgo: 2 },
  { program: 'metabolic_reset', startedDaysAgo: 40, status: 'paused', pace: 4, lastDaysAgo: 20, offWeek: true },
  { program: 'metabolic_reset', startedDaysAgo: -5, status: 'pending', pace: 3, lastDaysAgo: null },
  { program: 'hbot_recovery', startedDaysAgo: 14, status: 'active', pace: 1, lastDaysAgo: 1 },
  { program: 'hbot_recovery', startedDaysAgo: 10, status: 'active', pace: 1, lastDaysAgo: 6, offWeek: true },
  { program: 'hbot_recovery', startedDaysAgo: 22, status: 'active', pace: 1, lastDaysAgo: 1 },
];

/** The featured client of the demo week (client2@), on track in Thrive Foundations. */
const FEATURED_STAGE: Stage = {
  program: 'thrive_foundations',
  startedDaysAgo: 30,
  status: 'active',
  pace: 4,
  lastDaysAgo: 5,
};

/** The client whose discovery page the demo shows off: no consent, on track in Metabolic Reset. */
const SPOTLIGHT_STAGE: Stage = {
  program: 'metabolic_reset',
  startedDaysAgo: 21,
  status: 'active',
  pace: 3,
  lastDaysAgo: 2,
  offWeek: true,
};

/** When the spotlight client's next appointment is: days from today, on the main clinic's clock. */
const SPOTLIGHT_NEXT = { days: 5, time: '10:00', service: 'Infrared sauna', resource: 'Infrared sauna 2' } as const;

/** History visits per client at most; their ids are taken from this range, so they can be deleted again. */
const MAX_SESSIONS = 64;

export interface DemoEnrollment {
  id: string;
  user_id: string;
  program: DemoProgram;
  status: EnrollmentStatus;
  start_date: string;
  end_date: string | null;
}

export interface DemoPrograms {
  enrollments: DemoEnrollment[];
  visits: ProgramVisit[];
  /** The Thrive checks the enrolled clients took along the way. */
  checks: PlannedAssessment[];
  /** The spotlight client's next appointment, booked by the demo. */
  appointments: PlannedAppointment[];
  /** Clients kept out of the demo week's rotation. */
  offWeek: ReadonlySet<string>;
  /** Who the demo shows off: one client who fell behind, and the one without consent. */
  spotlight: { behind: DemoAccount; unconsented: DemoAccount } | null;
}

/** The id of a client's current demo enrollment (its finished one, seeded once, is `:0`). */
export const demoProgramEnrollmentId = (clientId: string) => stableUuid(`thrive-demo-enrollment:${clientId}:1`);
const historyVisitId = (clientId: string, n: number) => stableUuid(`thrive-demo-program-visit:${clientId}:${n}`);

/** The plan's sessions in a fair rotation: each therapy spread over the whole program. */
function rotation(plan: Readonly<Partial<Record<VisitTherapy, number>>>): VisitTherapy[] {
  const slots = Object.entries(plan).flatMap(([therapy, planned]) =>
    Array.from({ length: planned }, (_, k) => ({ therapy: therapy as VisitTherapy, at: (k + 0.5) / planned })),
  );
  return slots.sort((a, b) => a.at - b.at).map((slot) => slot.therapy);
}

const MAIN = DEMO_CLINICS[0]!;
const NURSE = demoAccount('nurse@thrive.test').id;
const MINUTES: Readonly<Record<VisitTherapy, number>> = { iv: 60, hbot: 60, pet: 30, red_light: 20, fir: 45 };

/** A session charted without an appointment (a walk-in). */
export type ProgramVisit = Omit<PlannedVisit, 'appointment_id'> & { appointment_id: null };

function historyVisit(client: DemoAccount, n: number, therapy: VisitTherapy, day: string, hour: number): ProgramVisit {
  const id = historyVisitId(client.id, n);
  const at = instantAt(`${day} ${String(hour).padStart(2, '0')}:00`, MAIN.timeZone);
  let k = 0;
  const draft: VisitDraft = exampleVisit(therapy, {
    clientId: client.id,
    at,
    newId: () => stableUuid(`${id}:${k++}`),
    minutes: MINUTES[therapy],
  });
  const row = {
    id,
    client_id: client.id,
    therapy,
    appointment_id: null,
    content: contentOf(draft),
    attributions: attributionsOf(draft, NURSE, at.toISOString()),
  };
  return {
    ...row,
    clinic_id: MAIN.id,
    state: 'signed',
    created_by: NURSE,
    created_at: at.toISOString(),
    signed_at: new Date(at.getTime() + MINUTES[therapy] * 60_000).toISOString(),
    content_hash: signedContentHash(row),
  };
}

/** The days of a stage's sessions so far: from the start at its pace, the last on its own day. */
export function sessionDays(
  stage: Pick<Stage, 'startedDaysAgo' | 'pace' | 'lastDaysAgo'>,
  today: string,
  most: number,
) {
  if (stage.lastDaysAgo === null || most === 0) return [];
  const span = stage.startedDaysAgo - stage.lastDaysAgo;
  const offsets: number[] = [];
  for (let offset = 0; offset < span && offsets.length < most - 1; offset += stage.pace) offsets.push(offset);
  offsets.push(span);
  const start = addDays(today, -stage.startedDaysAgo);
  return offsets.map((offset) => addDays(start, offset));
}

function planStage(client: DemoAccount, stage: Stage, today: string, hour: number) {
  const plan = PLANS[stage.program];
  const startDate = addDays(today, -stage.startedDaysAgo);
  const enrollment: DemoEnrollment = {
    id: demoProgramEnrollmentId(client.id),
    user_id: client.id,
    program: stage.program,
    status: stage.status,
    start_date: startDate,
    end_date: stage.status === 'completed' ? addDays(startDate, plan.weeks * 7 - 1) : null,
  };
  const sessions = rotation(plan.sessions);
  const visits = sessionDays(stage, today, Math.min(sessions.length, MAX_SESSIONS)).map((day, n) =>
    historyVisit(client, n, sessions[n]!, day, hour),
  );
  return { enrollment, visits };
}

/** Days between two Thrive checks of a client in a program. */
const CHECK_EVERY_DAYS = 14;

/**
 * The Thrive checks of a consented client in a program: on the start day and every two weeks after, while the
 * enrollment runs, each a little better than the last (the program helps), never low enough to raise an alert.
 */
function programChecks(client: DemoAccount, stage: Stage, today: string, hour: number): PlannedAssessment[] {
  if (!client.hipaaConsent || stage.startedDaysAgo < 0) return [];
  // An active client's newest is at least a day old, never later today than now.
  const lastDay = stage.status === 'active' ? 1 : (stage.lastDaysAgo ?? 1);
  const checks: PlannedAssessment[] = [];
  for (let daysAgo = stage.startedDaysAgo, n = 0; daysAgo >= lastDay; daysAgo -= CHECK_EVERY_DAYS, n++) {
    // Raw 11 to 20 of 25 (scores 44 to 80), spread over the five answers.
    const raw = Math.min(20, 11 + 2 * n + (client.id.charCodeAt(0) % 2));
    const answers = Array.from({ length: 5 }, (_, item) => Math.floor(raw / 5) + (item < raw % 5 ? 1 : 0));
    const at = instantAt(`${addDays(today, -daysAgo)} ${String(hour).padStart(2, '0')}:30`, MAIN.timeZone);
    checks.push(plannedWho5(client, `program-who5:${n}`, at, answers));
  }
  return checks;
}

/** The demo's programs in use around `now`, for the clients present (generated ones in their order) and `featured`. */
export function planDemoPrograms(now: Date, clients: readonly DemoAccount[], featured: DemoAccount): DemoPrograms {
  const today = wallClockAt(now, MAIN.timeZone).date;
  const enrollments: DemoEnrollment[] = [];
  const visits: ProgramVisit[] = [];
  const checks: PlannedAssessment[] = [];
  const offWeek = new Set<string>();
  const staged: [DemoAccount, Stage][] = STAGES.flatMap((stage, index) => {
    const client = clients[index];
    return client ? [[client, stage] as [DemoAccount, Stage]] : [];
  });
  const unconsented = clients.slice(STAGES.length).find((client) => !client.hipaaConsent);
  if (unconsented) staged.push([unconsented, SPOTLIGHT_STAGE]);
  staged.push([featured, FEATURED_STAGE]);
  for (const [index, [client, stage]] of staged.entries()) {
    const planned = planStage(client, stage, today, 8 + (index % 10));
    enrollments.push(planned.enrollment);
    visits.push(...planned.visits);
    // The featured client has Thrive checks of its own, and the low one's newest must stay its low check.
    if (client !== featured && client !== clients[LOW_WELLBEING_CLIENT]) {
      checks.push(...programChecks(client, stage, today, 8 + (index % 10)));
    }
    if (stage.offWeek) offWeek.add(client.id);
  }

  const appointments: PlannedAppointment[] = [];
  if (unconsented) {
    const service = DEMO_SERVICES.find((item) => item.name === SPOTLIGHT_NEXT.service)!;
    const resource = MAIN.resources.find((item) => item.name === SPOTLIGHT_NEXT.resource)!;
    const starts = instantAt(`${addDays(today, SPOTLIGHT_NEXT.days)} ${SPOTLIGHT_NEXT.time}`, MAIN.timeZone);
    appointments.push({
      id: stableUuid(`thrive-demo-appointment:spotlight:${unconsented.id}:${starts.toISOString()}`),
      client_id: unconsented.id,
      resource_id: resource.id,
      service_id: service.id,
      staff_id: demoAccount(service.staff).id,
      starts_at: starts.toISOString(),
      duration: service.duration,
      status: 'booked',
      notes: null,
      checked_in_at: null,
      started_at: null,
      completed_at: null,
      cancelled_at: null,
      call_mode: null,
    });
  }
  const behind = staged.find(([, stage]) => stage.offWeek && stage.status === 'active' && stage !== SPOTLIGHT_STAGE);
  return {
    enrollments,
    visits,
    checks,
    appointments,
    offWeek,
    spotlight: behind && unconsented ? { behind: behind[0], unconsented } : null,
  };
}

/**
 * Writes the plan: the current enrollments (left alone once someone changed one), and the history visits
 * in place of the previous day's.
 */
export async function writeDemoPrograms(tx: Queryable, plan: DemoPrograms): Promise<void> {
  const clientIds = [...new Set(plan.enrollments.map((item) => item.user_id))];
  const oldIds = clientIds.flatMap((id) => Array.from({ length: MAX_SESSIONS }, (_, n) => historyVisitId(id, n)));
  await tx.query('DELETE FROM visits WHERE id IN (SELECT value::uuid FROM jsonb_array_elements_text($1::jsonb))', [
    JSON.stringify(oldIds),
  ]);
  await tx.query(
    `INSERT INTO enrollments (id, user_id, program, status, start_date, end_date)
     SELECT id, user_id, program, status, start_date, end_date FROM jsonb_to_recordset($1::jsonb) AS x(
       id uuid, user_id uuid, program text, status text, start_date date, end_date date)
     ON CONFLICT (id) DO UPDATE SET program = excluded.program, status = excluded.status,
       start_date = excluded.start_date, end_date = excluded.end_date, updated_at = now()
     WHERE enrollments.version = 1 AND enrollments.created_by IS NULL`,
    [JSON.stringify(plan.enrollments)],
  );
  await tx.query(
    `INSERT INTO visits (id, client_id, therapy, appointment_id, clinic_id, state, content, attributions, created_by,
                         updated_by, created_at, updated_at, signed_by, signed_at, signed_on_device_at, content_hash,
                         opened_at, signed_role, signature_meaning, signature_meaning_text, signature_reauthentication)
     SELECT x.id, x.client_id, x.therapy, NULL, x.clinic_id, 'signed', x.content, x.attributions, x.created_by,
            x.created_by, x.created_at, x.signed_at, x.created_by, x.signed_at, x.signed_at, x.content_hash,
            x.created_at, (SELECT u.role FROM users u WHERE u.id::text = x.created_by), 'performed', $2, 'password'
     FROM jsonb_to_recordset($1::jsonb) AS x(
       id uuid, client_id uuid, therapy text, clinic_id uuid, content jsonb, attributions jsonb, created_by text,
       created_at timestamptz, signed_at timestamptz, content_hash text)
     ON CONFLICT DO NOTHING`,
    [JSON.stringify(plan.visits), signatureMeaningText('performed')],
  );
  await writeDemoAssessments(tx, plan.checks);
}
