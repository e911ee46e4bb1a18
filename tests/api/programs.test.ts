/**
 * Programs over HTTP: the catalog, and an enrollment's progress counted from
 * what the clinic recorded: signed visits and completed appointments, an
 * appointment charted by a signed visit counted once, only the therapies the
 * program plans, only from the enrollment's start; whether the client is
 * falling behind; the next appointment; the weekly sessions; filters; and who
 * may read it.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, instantAt, wallClockAt } from '@contract';
import { exampleVisit } from '@contract';
import { generateClients } from '../../scripts/demo/clients.ts';
import { api, stack, type Actor, type Email, type Problem, type Schemas } from '../support/api-client.ts';

type ProgramList = Schemas['ProgramList'];
type ProgramDetail = Schemas['ProgramDetail'];
type Progress = Schemas['EnrollmentProgress'];
type Appointment = Schemas['Appointment'];

const ZONE = 'Asia/Kolkata';
const today = () => wallClockAt(new Date(), ZONE).date;
/** These tests enroll clients 110 to 119 who have given consent (a visit of a client without it cannot be signed). */
const [client, other] = generateClients(stack.generatedClients)
  .slice(110)
  .filter((item) => item.hipaaConsent);

let bengaluru: Schemas['Clinic'];
let london: Schemas['Clinic'];
let ivWellness: Schemas['ProgramOverview'];
const resourceIds = new Map<string, string>();
const serviceIds = new Map<string, string>();

async function enroll(clientId: string, program: Schemas['Program'], startDaysAgo: number, status?: string) {
  const answer = await api<Schemas['Enrollment']>('POST', '/users/user-program-enrollments', {
    as: 'nurse',
    body: { user: clientId, program, start_date: addDays(today(), -startDaysAgo), ...(status ? { status } : {}) },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

/** The enrollment's progress as the programs list shows it (of its client: other tests enroll many others). */
async function progressOf(enrollmentId: string, query = ''): Promise<Progress | undefined> {
  const answer = await api<ProgramList>('GET', `/programs?client=${client!.id}${query.replace(/^\?/, '&')}`, {
    as: 'nurse',
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.results
    .flatMap((program) => program.enrollments)
    .find((item) => item.enrollment_id === enrollmentId);
}

async function signedVisit(therapy: Schemas['VisitTherapy'], clientId: string, appointmentId?: string) {
  const id = randomUUID();
  const created = await api<Schemas['Visit']>('PUT', `/visits/${id}`, {
    as: 'nurse',
    body: exampleVisit(therapy, { clientId, ...(appointmentId ? { appointmentId } : {}) }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const signed = await api<Schemas['Visit']>('POST', `/visits/${id}/sign`, {
    as: 'nurse',
    ifMatch: `"${created.body.version}"`,
    body: { signed_on_device_at: new Date().toISOString(), meaning: 'performed', reauthenticated_with: 'password' },
  });
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  return id;
}

async function book(
  clientId: string,
  day: string,
  time: string,
  resource = 'IV chair 4',
  service = 'IV hydration drip',
) {
  const answer = await api<Appointment>('POST', '/appointments', {
    as: 'reception',
    body: {
      client_id: clientId,
      resource_id: resourceIds.get(resource),
      service_id: serviceIds.get(service),
      starts_at: instantAt(`${day} ${time}`, ZONE).toISOString(),
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

async function moveTo(appointment: Appointment, statuses: Schemas['AppointmentStatus'][]): Promise<Appointment> {
  let current = appointment;
  for (const status of statuses) {
    const answer = await api<Appointment>('PATCH', `/appointments/${current.id}`, {
      as: 'reception',
      ifMatch: `"${current.version}"`,
      body: { status },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    current = answer.body;
  }
  return current;
}

beforeAll(async () => {
  const clinics = await api<Schemas['ClinicList']>('GET', '/clinics', { as: 'reception' });
  bengaluru = clinics.body.results.find((item) => item.name === 'Thrive Bengaluru')!;
  london = clinics.body.results.find((item) => item.name === 'Thrive London')!;
  const resources = await api<Schemas['ResourceList']>('GET', `/resources?clinic=${bengaluru.id}`, { as: 'reception' });
  for (const item of resources.body.results) resourceIds.set(item.name, item.id);
  const services = await api<Schemas['ServiceList']>('GET', '/services', { as: 'reception' });
  for (const item of services.body.results) serviceIds.set(item.name, item.id);
  const programs = await api<ProgramList>('GET', '/programs', { as: 'nurse' });
  ivWellness = programs.body.results.find((item) => item.key === 'iv_wellness')!;
});

describe('the programs', () => {
  it('each say what they plan, for how long, and the interval a client on plan keeps', async () => {
    const answer = await api<ProgramList>('GET', '/programs?client=' + client!.id, { as: 'doctor' });
    expect(answer.status).toBe(200);
    expect(answer.body.results.map((item) => item.key).sort()).toEqual([
      'cognitive_performance',
      'hbot_recovery',
      'iv_wellness',
      'longevity',
      'metabolic_reset',
      'thrive_foundations',
    ]);
    expect(ivWellness).toMatchObject({
      name: 'IV Wellness',
      length_weeks: 6,
      sessions: [{ therapy: 'iv', planned: 6 }],
      planned_total: 6,
      interval_days: 7,
    });
    const foundations = answer.body.results.find((item) => item.key === 'thrive_foundations')!;
    expect(foundations.sessions.map((item) => item.therapy)).toEqual(['iv', 'hbot', 'red_light', 'fir']);
  });

  it('refuses an enrollment in a program the clinic does not have, naming the field', async () => {
    const answer = await api<Problem>('POST', '/users/user-program-enrollments', {
      as: 'nurse',
      body: { user: client!.id, program: 'astrology', start_date: today() },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.map((error) => error.field)).toContain('body.program');
  });
});

describe('an enrollment’s progress', () => {
  let enrollment: Schemas['Enrollment'];

  beforeAll(async () => {
    // Started ten days ago; IV Wellness plans a session every 7 days.
    enrollment = await enroll(client!.id, 'iv_wellness', 10);
  });

  it('with nothing done yet: week 2, nothing done, behind since the start', async () => {
    const progress = await progressOf(enrollment.id);
    expect(progress).toMatchObject({
      client_id: client!.id,
      client_name: `${client!.firstName} ${client!.lastName}`,
      clinic: 'Thrive Bengaluru',
      status: 'active',
      week: 2,
      sessions: [{ therapy: 'iv', planned: 6, done: 0 }],
      planned_total: 6,
      done_total: 0,
      last_session_at: null,
      days_since_last_session: 10,
      behind: true,
      next_appointment: null,
    });
  });

  it('counts a signed visit, a completed appointment, and an appointment charted by a signed visit once', async () => {
    await signedVisit('iv', client!.id);
    expect(await progressOf(enrollment.id)).toMatchObject({ done_total: 1, behind: false, days_since_last_session: 0 });

    const yesterday = await book(client!.id, addDays(today(), -1), '07:00');
    await moveTo(yesterday, ['checked_in', 'in_progress', 'completed']);
    expect((await progressOf(enrollment.id))?.done_total).toBe(2);

    // Started from its appointment, signing the visit completes the appointment: one session, not two.
    const charted = await book(client!.id, addDays(today(), -2), '07:00');
    await signedVisit('iv', client!.id, charted.id);
    const after = await api<Appointment>('GET', `/appointments/${charted.id}`, { as: 'nurse' });
    expect(after.body.status).toBe('completed');
    expect((await progressOf(enrollment.id))?.sessions).toEqual([{ therapy: 'iv', planned: 6, done: 3 }]);
  });

  it('leaves out a therapy the program does not plan, a draft, and what is not done', async () => {
    await signedVisit('hbot', client!.id);
    const draft = exampleVisit('iv', { clientId: client!.id });
    expect((await api('PUT', `/visits/${randomUUID()}`, { as: 'nurse', body: draft })).status).toBe(201);
    const noShow = await book(client!.id, addDays(today(), -3), '07:00');
    await moveTo(noShow, ['no_show']);
    expect((await progressOf(enrollment.id))?.done_total).toBe(3);
  });

  it('shows the next appointment and the last session', async () => {
    const next = await book(client!.id, addDays(today(), 30), '08:00');
    const progress = await progressOf(enrollment.id);
    expect(progress?.next_appointment).toMatchObject({
      id: next.id,
      status: 'booked',
      service_name: 'IV hydration drip',
    });
    expect(Date.now() - Date.parse(progress!.last_session_at!)).toBeLessThan(10 * 60 * 1000);
  });

  it('counts from the enrollment’s start: an enrollment starting tomorrow has nothing done and is not behind', async () => {
    const later = await api<Schemas['Enrollment']>('POST', '/users/user-program-enrollments', {
      as: 'nurse',
      body: { user: client!.id, program: 'metabolic_reset', start_date: addDays(today(), 1) },
    });
    expect(await progressOf(later.body.id)).toMatchObject({ week: 0, done_total: 0, behind: false });
  });

  it('one program: its enrollments falling behind first, and the sessions of each week', async () => {
    const behind = await enroll(other!.id, 'iv_wellness', 20);
    // Other suites enroll many clients in this program: the active ones, as many as a page holds.
    const answer = await api<ProgramDetail>('GET', `/programs/${ivWellness.id}?status=active&limit=1000`, {
      as: 'coach',
    });
    expect(answer.status).toBe(200);
    const ids = answer.body.program.enrollments.map((item) => item.enrollment_id);
    expect(ids).toContain(enrollment.id);
    expect(ids).toContain(behind.id);
    const flags = answer.body.program.enrollments.map((item) => item.behind);
    expect(flags.indexOf(false) === -1 || !flags.slice(flags.indexOf(false)).includes(true)).toBe(true);
    expect(answer.body.program.behind).toBe(flags.filter(Boolean).length);
    const weekly = answer.body.weekly;
    expect(weekly.at(-1)!.week_start <= today()).toBe(true);
    expect(weekly.reduce((sum, week) => sum + week.iv, 0)).toBeGreaterThanOrEqual(3);
    expect(weekly.every((week) => week.hbot === 0)).toBe(true);
  });

  it('one program: the Thrive checks its clients took while enrolled, per week, for the roles that read scores', async () => {
    // Two checks this week by the enrolled client: 40 (raw 10) and 20 (raw 5, needing attention).
    for (const answers of [
      [2, 2, 2, 2, 2],
      [1, 1, 1, 1, 1],
    ]) {
      const taken = await api('POST', '/assessments', {
        as: client!.email as Email,
        body: { id: randomUUID(), client_id: client!.id, type: 'who5', taken_at: new Date().toISOString(), answers },
      });
      expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    }
    const read = (as: Actor) =>
      api<ProgramDetail>('GET', `/programs/${ivWellness.id}?status=active&clinic=${bengaluru.id}&limit=1000`, { as });
    const answer = await read('coach');
    expect(answer.status).toBe(200);
    const wellbeing = answer.body.wellbeing!;
    expect(wellbeing.map((week) => week.week_start)).toEqual(answer.body.weekly.map((week) => week.week_start));
    const thisWeek = wellbeing.at(-1)!;
    expect(thisWeek.checks).toBeGreaterThanOrEqual(2);
    expect(thisWeek.needing_attention).toBeGreaterThanOrEqual(1);
    expect(thisWeek.mean_score).not.toBeNull();
    expect(wellbeing.filter((week) => week.checks === 0).every((week) => week.mean_score === null)).toBe(true);
    // Reception sees the program's progress but not a Thrive check's score, even averaged.
    const reception = await read('reception');
    expect(reception.status).toBe(200);
    expect(reception.body.wellbeing).toBeNull();
  });

  it('filters by status and by clinic', async () => {
    expect(await progressOf(enrollment.id, '?status=active')).toBeDefined();
    expect(await progressOf(enrollment.id, '?status=paused')).toBeUndefined();
    expect(await progressOf(enrollment.id, `?clinic=${bengaluru.id}`)).toBeDefined();
    expect(await progressOf(enrollment.id, `?clinic=${london.id}`)).toBeUndefined();
    const paused = await api<Schemas['Enrollment']>('PATCH', `/users/user-program-enrollments/${enrollment.id}`, {
      as: 'nurse',
      ifMatch: `"${enrollment.version}"`,
      body: { status: 'paused' },
    });
    expect(paused.status).toBe(200);
    // A paused enrollment is never behind.
    expect(await progressOf(enrollment.id, '?status=paused')).toMatchObject({ behind: false });
  });
});

describe('who may see the programs', () => {
  const STATUS: Record<Actor, number> = {
    super: 200,
    admin: 403,
    nurse: 200,
    reception: 200,
    doctor: 200,
    coach: 200,
    nutrition: 200,
    client: 403,
    client2: 403,
    norole: 403,
  };

  it('the hub staff group; ADMIN, clients and an account without a role do not', async () => {
    for (const [as, status] of Object.entries(STATUS) as [Actor, number][]) {
      expect((await api('GET', '/programs', { as })).status, `${as} lists`).toBe(status);
      expect((await api('GET', `/programs/${ivWellness.id}`, { as })).status, `${as} reads one`).toBe(status);
    }
  });

  it('a program that does not exist is 404; the progress of a staff member is refused', async () => {
    expect((await api('GET', `/programs/${randomUUID()}`, { as: 'nurse' })).status).toBe(404);
    const staff = await api<Problem>('GET', `/programs?client=${generateClients(1)[0]!.id.replace(/^./, 'f')}`, {
      as: 'nurse',
    });
    expect(staff.status).toBe(403);
  });
});
