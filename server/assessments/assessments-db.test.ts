import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { migrate, readMigrations } from '../db/migrate.ts';
import { openDatabase } from '../db/database.ts';

/**
 * Migration 010 on a database holding free-form histories of before: what
 * maps onto the new shape moves there (diabetes above all), the rest is kept
 * word for word in the notes. Then results are kept as recorded.
 */
let db: Database;
const CLIENT = '66666666-6666-4666-8666-666666666666';
const OTHER = '77777777-7777-4777-8777-777777777777';

async function histories(id: string) {
  const [row] = await db.query<{ lifestyle_history: unknown; family_history: unknown }>(
    'SELECT lifestyle_history, family_history FROM profiles WHERE client_id = $1',
    [id],
  );
  return row;
}

beforeAll(async () => {
  db = await openDatabase({ kind: 'pglite', dataDir: null });
  const migrations = readMigrations();
  await migrate(
    db,
    migrations.filter((migration) => migration.name < '010'),
  );
  for (const [id, lifestyle, family] of [
    [
      CLIENT,
      { Sleep: '7 hours', diabetes: 'Type 2, on metformin', Smoker: false, tobacco: 'never', sleep_hours: 6.7 },
      { Father: 'type 2 diabetes, heart attack at 60', Mother: 'high blood pressure', Grandma: 'lived to 99', x: 1 },
    ],
    [OTHER, { diabetic: true, stress: 'sky high' }, {}],
  ] as const) {
    await db.query(`INSERT INTO users (id, email, role) VALUES ($1, $2, 'CLIENT')`, [id, `${id}@thrive.test`]);
    await db.query(
      `INSERT INTO profiles (client_id, first_name, last_name, lifestyle_history, family_history)
       VALUES ($1, 'A', 'B', $2::jsonb, $3::jsonb)`,
      [id, JSON.stringify(lifestyle), JSON.stringify(family)],
    );
  }
  await migrate(db, migrations);
});

afterAll(async () => {
  await db.close();
});

describe('histories get their shape', () => {
  it('moves answers onto topics and keeps the rest in the notes', async () => {
    expect(await histories(CLIENT)).toEqual({
      lifestyle_history: {
        diabetes: 'type_2',
        sleep_hours: 6.5,
        tobacco: 'never',
        notes: 'Sleep: 7 hours\nSmoker: no',
      },
      family_history: {
        relatives: [
          {
            relative: 'father',
            conditions: ['heart_disease', 'diabetes'],
            notes: 'type 2 diabetes, heart attack at 60',
          },
          { relative: 'grandparent', conditions: [], notes: 'lived to 99' },
          { relative: 'mother', conditions: ['high_blood_pressure'], notes: 'high blood pressure' },
        ],
        notes: 'x: 1',
      },
    });
  });

  it('reads an old yes as diabetic of a type not known, and an answer outside the choices as a note', async () => {
    expect(await histories(OTHER)).toEqual({
      lifestyle_history: { diabetes: 'other', notes: 'stress: sky high' },
      family_history: {},
    });
  });
});

describe('results', () => {
  it('are kept as recorded: never changed', async () => {
    await db.query(
      `INSERT INTO assessments (id, client_id, type, taken_at, created_by, answers, raw_score, score, alert)
       VALUES ('88888888-8888-4888-8888-888888888888', $1, 'who5', now(), 'client', '[1,1,1,1,1]', 5, 20, true)`,
      [CLIENT],
    );
    await expect(db.query(`UPDATE assessments SET score = 100`)).rejects.toThrow(/kept as recorded/);
  });

  it('keep the score and the answers in step, and one baseline per client', async () => {
    await expect(
      db.query(
        `INSERT INTO assessments (id, client_id, type, taken_at, created_by, answers, raw_score, score)
         VALUES ('99999999-9999-4999-8999-999999999999', $1, 'who5', now(), 'client', '[5,5,5,5,5]', 25, 90)`,
        [CLIENT],
      ),
    ).rejects.toThrow(/assessments_who5_scored/);
    const baseline = (id: string) =>
      db.query(
        `INSERT INTO assessments (id, client_id, type, taken_at, created_by, record, scores, complete, baseline)
         VALUES ($1, $2, 'cognitive', now(), 'client', '{}', '{}', true, true)`,
        [id, CLIENT],
      );
    await baseline('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa');
    await expect(baseline('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb')).rejects.toThrow(/assessments_one_baseline/);
  });
});
