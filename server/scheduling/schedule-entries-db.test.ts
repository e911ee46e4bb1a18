import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../db/database.ts';
import { openDatabase } from '../db/database.ts';
import { migrate, readMigrations } from '../db/migrate.ts';

/**
 * Migration 014: each appointment keeps its schedule grid entry (GET schedule) and its client's role, written
 * by the database whenever the appointment, or a name, e-mail, role or zone the entry depends on, changes.
 * Migration 015: the entries are ASCII text, with JSON escapes for the characters beyond it.
 */
let db: Database;
const CLINIC = '11111111-1111-4111-8111-111111111111';
const RESOURCE = '22222222-2222-4222-8222-222222222222';
const SERVICE = '33333333-3333-4333-8333-333333333333';
const CLIENT = '44444444-4444-4444-8444-444444444444';
const EARLIER = '55555555-5555-4555-8555-555555555555';
const EARLIER_CLIENT = '66666666-6666-4666-8666-666666666666';
const ACCENTED = '77777777-7777-4777-8777-777777777777';
const ACCENTED_CLIENT = '88888888-8888-4888-8888-888888888888';

async function storedText(id: string): Promise<string | undefined> {
  const [row] = await db.query<{ schedule_entry: string }>('SELECT schedule_entry FROM appointments WHERE id = $1', [
    id,
  ]);
  return row?.schedule_entry;
}

async function stored(id: string) {
  const [row] = await db.query<{ schedule_entry: string; client_role: string | null }>(
    'SELECT schedule_entry, client_role FROM appointments WHERE id = $1',
    [id],
  );
  return row ? { entry: JSON.parse(row.schedule_entry) as Record<string, unknown>, role: row.client_role } : null;
}

async function book(client: string, startsAt: string, id?: string, on: Queryable = db): Promise<string> {
  const [row] = await on.query<{ id: string }>(
    `INSERT INTO appointments (id, client_id, resource_id, service_id, starts_at, duration, created_by)
     VALUES (coalesce($1::uuid, gen_random_uuid()), $2, $3, $4, $5, '45 minutes', 'reception') RETURNING id`,
    [id ?? null, client, RESOURCE, SERVICE, startsAt],
  );
  return row!.id;
}

beforeAll(async () => {
  db = await openDatabase({ kind: 'pglite', dataDir: null });
  const migrations = readMigrations();
  await migrate(
    db,
    migrations.filter((migration) => migration.name < '014'),
  );
  await db.query(`INSERT INTO clinics (id, name, time_zone) VALUES ($1, 'Thrive London', 'Europe/London')`, [CLINIC]);
  await db.query(`INSERT INTO resources (id, clinic_id, name, kind) VALUES ($1, $2, 'IV chair 1', 'iv_chair')`, [
    RESOURCE,
    CLINIC,
  ]);
  await db.query(
    `INSERT INTO services (id, name, therapy_kind, resource_kinds) VALUES ($1, 'IV hydration drip', 'iv', '["iv_chair"]')`,
    [SERVICE],
  );
  for (const [id, email] of [
    [CLIENT, 'ada@thrive.test'],
    [EARLIER_CLIENT, 'grace@thrive.test'],
    [ACCENTED_CLIENT, 'zoe@thrive.test'],
  ]) {
    await db.query(`INSERT INTO users (id, email, role) VALUES ($1, $2, 'CLIENT')`, [id, email]);
  }
  await db.query(`INSERT INTO profiles (client_id, first_name, last_name) VALUES ($1, 'Grace', 'Hopper')`, [
    EARLIER_CLIENT,
  ]);
  // Booked before the migration: the migration writes its entry.
  await book(EARLIER_CLIENT, '2031-01-06T09:00:00Z', EARLIER);
  await migrate(
    db,
    migrations.filter((migration) => migration.name < '015'),
  );
  await db.query(`INSERT INTO profiles (client_id, first_name, last_name) VALUES ($1, 'Zoë', 'O’Brien')`, [
    ACCENTED_CLIENT,
  ]);
  // Written by migration 014 with its characters as they are: migration 015 writes it again.
  await book(ACCENTED_CLIENT, '2031-01-06T10:00:00Z', ACCENTED);
  await migrate(db, migrations);
});

afterAll(async () => {
  await db.close();
});

describe('an appointment’s schedule entry', () => {
  it('is written for the appointments booked before the migration', async () => {
    expect(await stored(EARLIER)).toEqual({
      entry: {
        id: EARLIER,
        client_name: 'Grace Hopper',
        resource_id: RESOURCE,
        service_name: 'IV hydration drip',
        status: 'booked',
        starts_at: '2031-01-06T09:00:00+00:00',
        ends_at: '2031-01-06T09:45:00+00:00',
        version: 1,
      },
      role: 'CLIENT',
    });
  });

  it('follows the appointment: its time on the clinic’s clock (summer time too), status and version', async () => {
    const id = await book(CLIENT, '2031-07-07T08:00:00.250Z');
    expect((await stored(id))?.entry).toMatchObject({
      client_name: 'ada@thrive.test',
      starts_at: '2031-07-07T09:00:00+01:00',
      ends_at: '2031-07-07T09:45:00+01:00',
    });
    await db.query(
      `UPDATE appointments SET status = 'checked_in', starts_at = '2031-07-07T10:00:00Z', version = version + 1
       WHERE id = $1`,
      [id],
    );
    expect((await stored(id))?.entry).toMatchObject({
      status: 'checked_in',
      starts_at: '2031-07-07T11:00:00+01:00',
      ends_at: '2031-07-07T11:45:00+01:00',
      version: 2,
    });
  });

  it('leaves the session’s own time zone as it was', async () => {
    const [zone] = await db.transaction(async (tx) => {
      await tx.query(`SELECT set_config('TimeZone', 'America/New_York', true)`);
      await book(CLIENT, '2031-07-08T08:00:00Z', undefined, tx);
      return tx.query<{ TimeZone: string }>('SHOW TimeZone');
    });
    expect(zone).toEqual({ TimeZone: 'America/New_York' });
  });

  it('follows the client’s name: a new profile, a change of name, its e-mail once the profile is gone', async () => {
    const id = await book(CLIENT, '2031-07-09T08:00:00Z');
    await db.query(`INSERT INTO profiles (client_id, first_name, last_name) VALUES ($1, 'Ada', 'King')`, [CLIENT]);
    expect((await stored(id))?.entry.client_name).toBe('Ada King');
    await db.query(`UPDATE profiles SET last_name = 'Lovelace' WHERE client_id = $1`, [CLIENT]);
    expect((await stored(id))?.entry.client_name).toBe('Ada Lovelace');
    await db.query(`DELETE FROM profiles WHERE client_id = $1`, [CLIENT]);
    await db.query(`UPDATE users SET email = 'ada.lovelace@thrive.test' WHERE id = $1`, [CLIENT]);
    expect((await stored(id))?.entry.client_name).toBe('ada.lovelace@thrive.test');
  });

  it('follows the client’s role, the service’s name and the clinic’s zone', async () => {
    const id = await book(CLIENT, '2031-07-10T08:00:00Z');
    await db.query(`UPDATE users SET role = 'NURSE' WHERE id = $1`, [CLIENT]);
    expect((await stored(id))?.role).toBe('NURSE');
    await db.query(`UPDATE users SET role = NULL WHERE id = $1`, [CLIENT]);
    expect((await stored(id))?.role).toBeNull();
    await db.query(`UPDATE services SET name = 'IV drip' WHERE id = $1`, [SERVICE]);
    expect((await stored(id))?.entry.service_name).toBe('IV drip');
    await db.query(`UPDATE clinics SET time_zone = 'Asia/Kolkata' WHERE id = $1`, [CLINIC]);
    expect((await stored(id))?.entry).toMatchObject({ starts_at: '2031-07-10T13:30:00+05:30' });
    expect((await stored(EARLIER))?.entry).toMatchObject({ starts_at: '2031-01-06T14:30:00+05:30' });
  });

  it('is ASCII text: characters beyond it are JSON escapes, the same name once parsed', async () => {
    const ascii = /^[\x20-\x7e]*$/;
    // Booked before migration 015.
    expect(await storedText(ACCENTED)).toMatch(ascii);
    expect(await storedText(ACCENTED)).toContain('"client_name":"Zo\\u00eb O\\u2019Brien"');
    expect((await stored(ACCENTED))?.entry.client_name).toBe('Zoë O’Brien');
    // A character beyond the Basic Multilingual Plane is a surrogate pair.
    await db.query(`UPDATE profiles SET first_name = 'Zoë 🌿' WHERE client_id = $1`, [ACCENTED_CLIENT]);
    expect(await storedText(ACCENTED)).toMatch(ascii);
    expect(await storedText(ACCENTED)).toContain('\\ud83c\\udf3f');
    expect((await stored(ACCENTED))?.entry.client_name).toBe('Zoë 🌿 O’Brien');
  });
});
