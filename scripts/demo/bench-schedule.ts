/**
 * A large clinic for the API benchmark: 50 resources and 5,000 appointments
 * over four weeks from a Monday, each resource booked hour after hour from
 * 08:00 in the clinic's zone, clients taken in turn so none is in two places;
 * and, when more appointments are asked for, the rest as the clinic's past
 * (bench-history.ts).
 */
import type { Database } from '../../server/db/database.ts';
import { addDays, instantAt, isoInZone, mondayOf, wallClockAt } from '@contract';
import type { DemoAccount } from './accounts.ts';
import { BENCH_DAY, seedBenchHistory } from './bench-history.ts';
import { DEMO_SERVICES } from './schedule.ts';
import { stableUuid } from './stable-id.ts';

export const BENCH_SCHEDULE = { resources: 50, appointments: 5_000, weeks: 4 } as const;
const ZONE = 'Asia/Kolkata';

export interface BenchClinic {
  clinicId: string;
  /** The second week, the one the benchmark reads. */
  weekFrom: string;
  weekTo: string;
}

/**
 * Adds the clinic with its four weeks; `total` (at least the four weeks' 5,000) is how many it has in all,
 * those beyond the four weeks before them. `onProgress` hears how many of those are in so far.
 */
export async function seedBenchSchedule(
  db: Database,
  clients: readonly DemoAccount[],
  total: number = BENCH_SCHEDULE.appointments,
  onProgress?: (added: number) => void,
): Promise<BenchClinic> {
  if (!Number.isInteger(total) || total < BENCH_SCHEDULE.appointments) {
    throw new Error(`The bench clinic has at least ${BENCH_SCHEDULE.appointments} appointments, not ${total}`);
  }
  // Each hour books every resource for a different client.
  if (clients.length < BENCH_SCHEDULE.resources) {
    throw new Error(`The bench clinic needs at least ${BENCH_SCHEDULE.resources} clients, not ${clients.length}`);
  }
  const clinicId = stableUuid('thrive-bench-clinic');
  const service = DEMO_SERVICES.find((item) => item.kinds.includes('iv_chair'))!;
  const monday = mondayOf(wallClockAt(new Date(), ZONE).date);
  const perResource = Math.ceil(BENCH_SCHEDULE.appointments / BENCH_SCHEDULE.resources);
  // Spread each resource's bookings over the four weeks' days, a few a day.
  const days = BENCH_SCHEDULE.weeks * 7;
  const perDay = Math.ceil(perResource / days);
  if (perDay > BENCH_DAY.hours) throw new Error('More bookings than hours');
  const resources = Array.from({ length: BENCH_SCHEDULE.resources }, (_, i) => ({
    id: stableUuid(`thrive-bench-resource:${i}`),
    clinic_id: clinicId,
    name: `IV chair ${i + 1}`,
    kind: 'iv_chair',
    position: i,
  }));
  await db.transaction(async (tx) => {
    await tx.query('INSERT INTO clinics (id, name, time_zone) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      clinicId,
      'Thrive Bench',
      ZONE,
    ]);
    await tx.query(
      `INSERT INTO resources (id, clinic_id, name, kind, position)
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, clinic_id uuid, name text, kind text, position int)
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(resources)],
    );
    const appointments = [];
    for (let n = 0; n < BENCH_SCHEDULE.appointments; n++) {
      const resource = n % BENCH_SCHEDULE.resources;
      const k = Math.floor(n / BENCH_SCHEDULE.resources);
      const day = k % days;
      const hour = BENCH_DAY.firstHour + Math.floor(k / days);
      const start = instantAt(`${addDays(monday, day)} ${String(hour).padStart(2, '0')}:00`, ZONE);
      appointments.push({
        client_id: clients[(k * BENCH_SCHEDULE.resources + resource) % clients.length]!.id,
        resource_id: resources[resource]!.id,
        service_id: service.id,
        starts_at: start.toISOString(),
      });
    }
    await tx.query(
      `INSERT INTO appointments (client_id, resource_id, service_id, starts_at, duration, created_by)
       SELECT client_id, resource_id, service_id, starts_at, '00:45:00', 'thrive-bench'
       FROM jsonb_to_recordset($1::jsonb) AS x(client_id uuid, resource_id uuid, service_id uuid, starts_at timestamptz)`,
      [JSON.stringify(appointments)],
    );
  });
  await seedBenchHistory(db, {
    count: total - BENCH_SCHEDULE.appointments,
    before: monday,
    zone: ZONE,
    resourceIds: resources.map((resource) => resource.id),
    serviceId: service.id,
    clientIds: clients.map((client) => client.id),
    onProgress,
  });
  await db.exec('ANALYZE appointments');
  return {
    clinicId,
    weekFrom: isoInZone(instantAt(`${addDays(monday, 7)} 00:00`, ZONE), ZONE),
    weekTo: isoInZone(instantAt(`${addDays(monday, 14)} 00:00`, ZONE), ZONE),
  };
}
