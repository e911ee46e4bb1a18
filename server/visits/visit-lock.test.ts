import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';

/** A signed visit is locked in the database itself, and addenda only ever append, whoever connects. */
let db: Database;
const CLIENT = '22222222-2222-4222-8222-222222222222';
const SIGNED = '33333333-3333-4333-8333-333333333333';
const DRAFT = '44444444-4444-4444-8444-444444444444';
const ADDENDUM = '55555555-5555-4555-8555-555555555555';

beforeAll(async () => {
  db = await openTestDatabase();
  await db.query(`INSERT INTO users (id, email, role) VALUES ($1, 'c@thrive.test', 'CLIENT')`, [CLIENT]);
  await db.query(
    `INSERT INTO visits (id, client_id, therapy, content, created_by, updated_by, state, signed_by, signed_at, content_hash,
                         signature_meaning, signature_meaning_text, signature_reauthentication)
     VALUES ($1, $2, 'fir', '{"notes": "signed"}', 'nurse', 'nurse', 'signed', 'nurse', now(), 'abc', 'performed',
             'Performed and signed', 'password')`,
    [SIGNED, CLIENT],
  );
  await db.query(
    `INSERT INTO visits (id, client_id, therapy, content, created_by, updated_by) VALUES ($1, $2, 'iv', '{}', 'n', 'n')`,
    [DRAFT, CLIENT],
  );
  await db.query(`INSERT INTO visit_addenda (id, visit_id, text, author_id) VALUES ($1, $2, 'First', 'nurse')`, [
    ADDENDUM,
    SIGNED,
  ]);
});

afterAll(async () => {
  await db.close();
});

describe('a signed visit', () => {
  it('refuses any change to what was signed', async () => {
    await expect(
      db.query(`UPDATE visits SET content = '{"notes": "rewritten"}' WHERE id = $1`, [SIGNED]),
    ).rejects.toThrow(/locked/);
    await expect(
      db.query(
        `UPDATE visits SET state = 'draft', signed_by = NULL, signed_at = NULL, content_hash = NULL WHERE id = $1`,
        [SIGNED],
      ),
    ).rejects.toThrow(/locked/);
    // The signature is locked with what it signs: its meaning and how the signer re-authenticated.
    await expect(
      db.query(`UPDATE visits SET signature_meaning = 'reviewed', signature_reauthentication = NULL WHERE id = $1`, [
        SIGNED,
      ]),
    ).rejects.toThrow(/locked/);
    const [row] = await db.query<{ notes: string }>(`SELECT content->>'notes' AS notes FROM visits WHERE id = $1`, [
      SIGNED,
    ]);
    expect(row?.notes).toBe('signed');
  });

  it('cannot be marked signed without who, when, its hash and what the signature means', async () => {
    await expect(db.query(`UPDATE visits SET state = 'signed' WHERE id = $1`, [DRAFT])).rejects.toThrow(
      /visits_signature_complete/,
    );
    await expect(
      db.query(
        `UPDATE visits SET state = 'signed', signed_by = 'nurse', signed_at = now(), content_hash = 'abc' WHERE id = $1`,
        [DRAFT],
      ),
    ).rejects.toThrow(/visits_signature_meant/);
  });
});

describe('contacts about a very low Thrive check', () => {
  it('are kept as recorded: never updated or truncated', async () => {
    const result = '66666666-6666-4666-8666-666666666666';
    const contact = '77777777-7777-4777-8777-777777777777';
    await db.query(
      `INSERT INTO assessments (id, client_id, type, taken_at, created_by, answers, raw_score, score, alert)
       VALUES ($1, $2, 'who5', now(), 'client', '[1,1,1,1,1]', 5, 20, true)`,
      [result, CLIENT],
    );
    await db.query(
      `INSERT INTO wellbeing_contacts (id, assessment_id, contacted_at, method, outcome, created_by)
       VALUES ($1, $2, now(), 'phone', 'no_answer', 'nurse')`,
      [contact, result],
    );
    await expect(
      db.query(`UPDATE wellbeing_contacts SET outcome = 'reached' WHERE id = $1`, [contact]),
    ).rejects.toThrow(/kept as recorded/);
    await expect(db.query('TRUNCATE wellbeing_contacts')).rejects.toThrow(/kept as recorded/);
  });
});

describe('addenda', () => {
  it('are never updated or truncated', async () => {
    await expect(db.query(`UPDATE visit_addenda SET text = 'Changed' WHERE id = $1`, [ADDENDUM])).rejects.toThrow(
      /append-only/,
    );
    await expect(db.query('TRUNCATE visit_addenda')).rejects.toThrow(/append-only/);
    const [row] = await db.query<{ text: string }>('SELECT text FROM visit_addenda WHERE id = $1', [ADDENDUM]);
    expect(row?.text).toBe('First');
  });
});
