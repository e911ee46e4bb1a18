import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { openTestDatabase } from '../../server/db/test-database.ts';
import { listPrograms, readProgram } from '../../server/programs/programs-service.ts';
import { searchClients } from '../../server/clients/clients-service.ts';
import { DEMO_ACCOUNTS, demoAccount } from './accounts.ts';
import { generateClients } from './clients.ts';
import { writeDemoWeek } from './demo-week.ts';
import { planDemoPrograms, sessionDays } from './programs.ts';
import { seedDatabase } from './seed-database.ts';
import { seedScheduleCatalog } from './schedule.ts';
import { type Actor } from '../../server/core/actor.ts';

const now = new Date('2031-03-04T08:30:00Z');
const clients = generateClients(50);
const featured = demoAccount('client2@thrive.test');
const nurse: Actor = { id: demoAccount('nurse@thrive.test').id, role: 'NURSE', deviceId: null, idempotency: null };
let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
  await seedDatabase(db, [...DEMO_ACCOUNTS, ...clients]);
  await seedScheduleCatalog(db);
  await writeDemoWeek(db, now, clients, featured);
}, 60_000);

afterAll(async () => {
  await db.close();
});

describe('sessionDays', () => {
  it('runs from the start at the pace and ends on the last session’s day, never past the plan', () => {
    expect(sessionDays({ startedDaysAgo: 10, pace: 4, lastDaysAgo: 1 }, '2031-03-20', 24)).toEqual([
      '2031-03-10',
      '2031-03-14',
      '2031-03-18',
      '2031-03-19',
    ]);
    expect(sessionDays({ startedDaysAgo: 10, pace: 1, lastDaysAgo: 0 }, '2031-03-20', 3)).toHaveLength(3);
    expect(sessionDays({ startedDaysAgo: -5, pace: 3, lastDaysAgo: null }, '2031-03-20', 16)).toEqual([]);
  });
});

describe('the demo programs', () => {
  const plan = planDemoPrograms(now, clients, featured);

  it('shows off a client who fell behind and one without consent', () => {
    expect(plan.spotlight).not.toBeNull();
    expect(plan.spotlight!.unconsented.hipaaConsent).toBe(false);
    expect(plan.offWeek.has(plan.spotlight!.behind.id)).toBe(true);
  });

  it('is what the API counts: some behind, flagged first, and the spotlight client on track with a visit and a booking', async () => {
    const { results } = await listPrograms(db, nurse, { limit: 200 }, now);
    const ids = new Set(plan.enrollments.map((item) => item.id));
    // Besides last year's finished enrollments, seeded once.
    const enrolled = results.flatMap((program) => program.enrollments).filter((item) => ids.has(item.enrollment_id));
    expect(enrolled).toHaveLength(plan.enrollments.length);
    const behind = results.flatMap((program) => program.enrollments.filter((item) => item.behind));
    expect(behind.map((item) => item.client_id)).toContain(plan.spotlight!.behind.id);
    expect(behind.length).toBeGreaterThanOrEqual(3);
    for (const program of results.filter((item) => item.behind > 0)) {
      expect(program.enrollments[0]!.behind).toBe(true);
    }
    const spotlight = enrolled.find((item) => item.client_id === plan.spotlight!.unconsented.id)!;
    expect(spotlight).toMatchObject({ behind: false, status: 'active' });
    expect(spotlight.done_total).toBeGreaterThan(0);
    expect(spotlight.next_appointment?.service_name).toBe('Infrared sauna');
    const completed = enrolled.find((item) => item.status === 'completed')!;
    expect(completed.done_total).toBe(completed.planned_total);
  });

  it('gives each program Thrive checks to chart, from consented clients only and none raising an alert', async () => {
    expect(plan.checks.length).toBeGreaterThan(10);
    const consented = new Set(clients.filter((client) => client.hipaaConsent).map((client) => client.id));
    expect(plan.checks.every((check) => consented.has(check.client_id) && !check.alert)).toBe(true);
    expect(plan.checks.every((check) => Date.parse(check.taken_at) < now.getTime())).toBe(true);
    const { results } = await listPrograms(db, nurse, { limit: 200 }, now);
    const foundations = results.find((program) => program.key === 'thrive_foundations')!;
    const detail = await readProgram(db, nurse, foundations.id, { limit: 200 }, now);
    const charted = (detail.wellbeing ?? []).filter((week) => week.checks > 0);
    expect(charted.length).toBeGreaterThanOrEqual(3);
    expect(charted.every((week) => week.mean_score !== null && week.mean_score >= 44)).toBe(true);
  });

  it('is written again the next day without doubling anything', async () => {
    const tomorrow = new Date(now.getTime() + 24 * 60 * 60 * 1000);
    await writeDemoWeek(db, tomorrow, clients, featured);
    const { results } = await listPrograms(db, nurse, { limit: 200 }, tomorrow);
    const again = planDemoPrograms(tomorrow, clients, featured);
    const ids = new Set(again.enrollments.map((item) => item.id));
    const current = results.flatMap((program) => program.enrollments).filter((item) => ids.has(item.enrollment_id));
    expect(current).toHaveLength(again.enrollments.length);
    const [row] = await db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM visits WHERE appointment_id IS NULL AND state = 'signed'",
    );
    expect(row?.count).toBe(again.visits.length);
  });

  it('lets discovery find the spotlight client by a phone fragment written with punctuation', async () => {
    const client = plan.spotlight!.unconsented;
    const digits = client.phone!.slice(5, 11);
    const typed = `${digits.slice(0, 3)}-${digits.slice(3)}`;
    const found = await searchClients(db, nurse, { q: typed, limit: 20 }, now);
    expect(found.results.map((item) => item.id)).toContain(client.id);
    const mine = found.results.find((item) => item.id === client.id)!;
    expect(mine).toMatchObject({ hipaa_consent: false, first_name: client.firstName });
    expect(mine.next_appointment?.service_name).toBe('Infrared sauna');
  });
});
