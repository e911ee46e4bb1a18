import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMatches, nameStartsWith, parseClientQuery } from '@contract';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { searchClients } from './clients-service.ts';
import { type Actor } from '../core/actor.ts';

/**
 * Discovery's search on the database: whatever the text and the page size, the page is the clients the app's
 * own rules find (openapi/people/client-search.ts), those whose name begins with the text first, each part in name
 * order. The query reads the two parts separately and stops each early (migration 016); a page that mixes
 * them, or whose text begins names that come late in name order, is where it could go wrong.
 */
interface Client {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string | null;
}

const LAST_NAMES = ['anderson', 'annan', 'benson', 'carson', 'dawson', 'ellis', 'mason', 'nash', 'sonders', 'sonnen'];
const FIRST_NAMES = ['ann', 'anna', 'bob', 'carl', 'dan', 'hannah', 'sam', 'sonia'];
const CLIENTS: Client[] = LAST_NAMES.flatMap((last, i) =>
  FIRST_NAMES.map((first, j) => {
    const n = i * FIRST_NAMES.length + j;
    return {
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      email: `client-${n}@thrive.test`,
      first_name: first[0]!.toUpperCase() + first.slice(1),
      last_name: last[0]!.toUpperCase() + last.slice(1),
      phone_number: n % 3 === 0 ? `+91 555 01${String(n).padStart(2, '0')}` : null,
    };
  }),
);
const NURSE: Actor = {
  id: '00000000-0000-4000-9000-000000000001',
  role: 'NURSE',
  deviceId: null,
  idempotency: null,
};

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
  await db.query(`INSERT INTO users (id, email, role) VALUES ($1, 'nurse@thrive.test', 'NURSE')`, [NURSE.id]);
  // Staff with a profile are found by no search: they are not clients.
  await db.query(`INSERT INTO profiles (client_id, first_name, last_name) VALUES ($1, 'Ann', 'Nurse')`, [NURSE.id]);
  for (const client of CLIENTS) {
    await db.query(`INSERT INTO users (id, email, role) VALUES ($1, $2, 'CLIENT')`, [client.id, client.email]);
    await db.query(`INSERT INTO profiles (client_id, first_name, last_name, phone_number) VALUES ($1, $2, $3, $4)`, [
      client.id,
      client.first_name,
      client.last_name,
      client.phone_number,
    ]);
  }
});

afterAll(async () => {
  await db.close();
});

/** The page the app's rules make of CLIENTS. Names are lower-case ASCII letters: every collation orders them alike. */
function expectedPage(text: string, limit: number): { ids: string[]; truncated: boolean } {
  const query = parseClientQuery(text);
  const key = (client: Client) => [client.last_name.toLowerCase(), client.first_name.toLowerCase(), client.id];
  const byName = (a: Client, b: Client) => {
    const [x, y] = [key(a), key(b)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
    return 0;
  };
  const found = CLIENTS.filter((client) => clientMatches(query, client));
  const ranked = [
    ...found.filter((client) => nameStartsWith(query, client)).sort(byName),
    ...found.filter((client) => !nameStartsWith(query, client)).sort(byName),
  ];
  return { ids: ranked.slice(0, limit).map((client) => client.id), truncated: ranked.length > limit };
}

describe('discovery’s search on the database', () => {
  const texts = ['a', 'an', 'ann', 'ANN ', 'son', 'sonia', 'ann a', 'sam son', 'nash', 'c', 'client-1', '555 01', 'zz'];
  it.each(texts)('finds for “%s” the page the app’s rules make, at every page size', async (text) => {
    for (const limit of [1, 3, 5, 12, 100]) {
      const answer = await searchClients(db, NURSE, { q: text, limit }, new Date('2031-01-01T00:00:00Z'));
      expect({ ids: answer.results.map((result) => result.id), truncated: answer.truncated }, `limit ${limit}`).toEqual(
        expectedPage(text, limit),
      );
    }
  });

  it('puts names beginning with a text that comes late in name order before the earlier matches', async () => {
    // 'son' is in anderson, benson, carson, dawson, mason, and begins sonders, sonnen and sonia.
    const answer = await searchClients(db, NURSE, { q: 'son', limit: 3 }, new Date('2031-01-01T00:00:00Z'));
    expect(answer.results.map((result) => `${result.first_name} ${result.last_name}`)).toEqual([
      'Sonia Anderson',
      'Sonia Annan',
      'Sonia Benson',
    ]);
  });
});
