/**
 * Years of past appointments behind the benchmark clinic's four weeks, so the
 * API can be measured on a database the size of a clinic chain's (a million
 * appointments) rather than a month's.
 *
 * Each resource is booked every hour from 08:00 to 20:00 in the clinic's zone,
 * every day, going back day by day from the first of the four weeks as far as
 * `count` needs (1,000,000 on 50 resources: about four and a half years). An
 * hour's bookings go to consecutive clients (taken in turn, modulo their
 * number), so they are all different and nobody is in two places: the schema's
 * exclusion constraints would refuse it. Nine in ten are completed, the rest
 * cancelled or missed, each with the times its status has.
 *
 * The rows are made by PostgreSQL (INSERT ... SELECT over generate_series), a
 * batch per statement, through every constraint and trigger of the real schema:
 * most of the time goes to the trigger that renders each appointment's schedule
 * entry (migrations 014 and 015) and to the two GiST exclusion indexes.
 */
import os from 'node:os';
import type { Database } from '../../server/db/database.ts';

/** The bench clinic's day on each resource: a 45-minute booking on every hour from 08:00, the last at 19:00. */
export const BENCH_DAY = { firstHour: 8, hours: 12 } as const;
/** Rows a statement: large enough that the round trips cost nothing, small enough to report progress. */
const BATCH_SIZE = 100_000;

export interface BenchHistory {
  /** How many appointments to add. */
  count: number;
  /** The day (YYYY-MM-DD, in `zone`) before which they all end. */
  before: string;
  zone: string;
  /** The resources booked, all of one clinic. */
  resourceIds: readonly string[];
  serviceId: string;
  clientIds: readonly string[];
  /** Called after each batch with the appointments added so far. */
  onProgress?: (added: number) => void;
}

/** Adds the appointments; there must be at least as many clients as resources. */
export async function seedBenchHistory(db: Database, history: BenchHistory): Promise<void> {
  const firsts = Array.from({ length: Math.ceil(history.count / BATCH_SIZE) }, (_, i) => i * BATCH_SIZE);
  let added = 0;
  // A few statements at once, each on its own connection, so that every core works; their rows never overlap.
  const worker = async () => {
    for (let first = firsts.shift(); first !== undefined; first = firsts.shift()) {
      const last = Math.min(first + BATCH_SIZE, history.count) - 1;
      await insertBatch(db, history, first, last);
      added += last - first + 1;
      history.onProgress?.(added);
    }
  };
  await Promise.all(Array.from({ length: Math.min(os.availableParallelism(), firsts.length) }, worker));
}

/** Appointments number `first` to `last` (counted back from the newest). */
async function insertBatch(db: Database, history: BenchHistory, first: number, last: number): Promise<void> {
  const perDay = history.resourceIds.length * BENCH_DAY.hours;
  await db.query(
    `WITH slot AS (
       SELECT n,
              ($3::date - (n / $4 + 1)::int + make_time($6 + (n % $4) / $7, 0, 0)) AT TIME ZONE $5 AS starts_at,
              -- A hash, not n itself, so that neither a resource nor a client has all of the cancellations.
              CASE WHEN hashint4(n) & 1023 < 51 THEN 'cancelled'
                   WHEN hashint4(n) & 1023 < 102 THEN 'no_show'
                   ELSE 'completed' END AS status
       FROM generate_series($1::int, $2::int) AS n
     )
     INSERT INTO appointments (client_id, resource_id, service_id, starts_at, duration, status, created_by, version,
                               checked_in_at, started_at, completed_at, cancelled_at, created_at, updated_at)
     -- A day later, each client one resource further on.
     SELECT ($8::uuid[])[(n + n / $4) % cardinality($8::uuid[]) + 1],
            ($9::uuid[])[n % $7 + 1],
            $10::uuid,
            starts_at,
            '00:45:00',
            status,
            'thrive-bench',
            CASE status WHEN 'completed' THEN 4 ELSE 2 END,
            CASE status WHEN 'completed' THEN starts_at - interval '5 minutes' END,
            CASE status WHEN 'completed' THEN starts_at END,
            CASE status WHEN 'completed' THEN starts_at + interval '45 minutes' END,
            CASE status WHEN 'cancelled' THEN starts_at - interval '1 day'
                        WHEN 'no_show' THEN starts_at + interval '30 minutes' END,
            starts_at - make_interval(days => 1 + n % 21),
            CASE status WHEN 'completed' THEN starts_at + interval '45 minutes'
                        WHEN 'cancelled' THEN starts_at - interval '1 day'
                        ELSE starts_at + interval '30 minutes' END
     FROM slot`,
    [
      first,
      last,
      history.before,
      perDay,
      history.zone,
      BENCH_DAY.firstHour,
      history.resourceIds.length,
      history.clientIds,
      history.resourceIds,
      history.serviceId,
    ],
  );
}
