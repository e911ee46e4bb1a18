import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { openTestDatabase } from '../../server/db/test-database.ts';
import { BENCH_SCHEDULE, seedBenchSchedule } from './bench-schedule.ts';
import { generateClients } from './clients.ts';
import { seedScheduleCatalog } from './schedule.ts';
import { seedDatabase } from './seed-database.ts';

const clients = generateClients(120);
/** Two full days of the past and a part of a third: 50 resources, 12 bookings a day each. */
const PAST = 1_300;
let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
  await seedDatabase(db, clients);
  await seedScheduleCatalog(db);
}, 60_000);

afterAll(async () => {
  await db.close();
});

describe('seedBenchSchedule', () => {
  it('refuses fewer appointments than the four weeks, and fewer clients than an hour books', async () => {
    await expect(seedBenchSchedule(db, clients, 4_999)).rejects.toThrow('at least 5000 appointments');
    await expect(seedBenchSchedule(db, clients.slice(0, 49))).rejects.toThrow('at least 50 clients, not 49');
  });

  it('puts the appointments beyond the four weeks into the past, through every constraint of the schedule', async () => {
    const progress: number[] = [];
    const clinic = await seedBenchSchedule(db, clients, BENCH_SCHEDULE.appointments + PAST, (added) =>
      progress.push(added),
    );
    expect(progress).toEqual([PAST]);

    const rows = await db.query<{ past: boolean; status: string; count: number }>(
      `SELECT starts_at < $2::timestamptz - interval '7 days' AS past, status, count(*)::int AS count
       FROM appointments WHERE clinic_id = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
      [clinic.clinicId, clinic.weekFrom],
    );
    const past = rows.filter((row) => row.past);
    expect(rows.filter((row) => !row.past)).toEqual([
      { past: false, status: 'booked', count: BENCH_SCHEDULE.appointments },
    ]);
    expect(past.reduce((sum, row) => sum + row.count, 0)).toBe(PAST);
    expect(past.map((row) => row.status)).toEqual(['cancelled', 'completed', 'no_show']);
    expect(past.find((row) => row.status === 'completed')!.count).toBeGreaterThan(PAST * 0.8);

    // Three days back from the four weeks, each resource booked every hour from 08:00 to 19:00 on the clinic's clock.
    const [spread] = await db.query<{ days: number; resources: number; hours: string[] }>(
      `SELECT count(DISTINCT (starts_at AT TIME ZONE 'Asia/Kolkata')::date)::int AS days,
              count(DISTINCT resource_id)::int AS resources,
              array_agg(DISTINCT to_char(starts_at AT TIME ZONE 'Asia/Kolkata', 'HH24:MI')) AS hours
       FROM appointments WHERE clinic_id = $1 AND starts_at < $2::timestamptz - interval '7 days'`,
      [clinic.clinicId, clinic.weekFrom],
    );
    expect(spread).toEqual({
      days: 3,
      resources: BENCH_SCHEDULE.resources,
      hours: Array.from({ length: 12 }, (_, i) => `${String(8 + i).padStart(2, '0')}:00`),
    });
  }, 60_000);
});
