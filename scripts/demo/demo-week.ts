/**
 * The demo week as the stack starts with it: the appointments of the week
 * around the start day (schedule.ts), the visits charting them (visits.ts),
 * and the programs' enrollments with their sessions so far (programs.ts),
 * written together in one transaction.
 */
import type { Database, Queryable } from '../../server/db/database.ts';
import type { DemoAccount } from './accounts.ts';
import { DEMO_BOOKER, planDemoWeek } from './schedule.ts';
import { planDemoPrograms, writeDemoPrograms } from './programs.ts';
import { deleteDemoVisits, planDemoVisits, writeDemoVisits } from './visits.ts';

/**
 * Replaces the demo's own appointments with the week around `now`. Returns
 * how many were written (those overlapping someone's own booking are left out).
 */
export async function writeDemoWeek(
  db: Database,
  now: Date,
  clients: readonly DemoAccount[],
  featured: DemoAccount,
): Promise<number> {
  // Who fell behind in a program, and the client the demo shows off, stay out of the week's rotation.
  const programs = planDemoPrograms(now, clients, featured);
  const rotation = clients.filter((client) => !programs.offWeek.has(client.id));
  const { week: planned, visits } = planDemoVisits(
    [...planDemoWeek(now, rotation, featured), ...programs.appointments],
    now,
  );
  return db.transaction(async (tx: Queryable) => {
    const previous = await tx.query<{ id: string }>('SELECT id::text AS id FROM appointments WHERE created_by = $1', [
      DEMO_BOOKER,
    ]);
    await deleteDemoVisits(
      tx,
      previous.map((row) => row.id),
    );
    await tx.query('DELETE FROM appointments WHERE created_by = $1', [DEMO_BOOKER]);
    const written = await tx.query(
      `INSERT INTO appointments (id, client_id, resource_id, service_id, staff_id, starts_at, duration, status, notes,
                                 created_by, checked_in_at, started_at, completed_at, cancelled_at, call_mode)
       SELECT id, client_id, resource_id, service_id, staff_id, starts_at, duration::interval, status, notes,
              $2, checked_in_at, started_at, completed_at, cancelled_at, call_mode
       FROM jsonb_to_recordset($1::jsonb) AS x(
         id uuid, client_id uuid, resource_id uuid, service_id uuid, staff_id uuid, starts_at timestamptz,
         duration text, status text, notes text, checked_in_at timestamptz, started_at timestamptz,
         completed_at timestamptz, cancelled_at timestamptz, call_mode text)
       ON CONFLICT DO NOTHING RETURNING id`,
      [JSON.stringify(planned), DEMO_BOOKER],
    );
    await writeDemoVisits(tx, visits);
    await writeDemoPrograms(tx, programs);
    return written.length;
  });
}
