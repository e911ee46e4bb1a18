/**
 * Per-actor rate limits, each proven on an API built in this process with
 * small limits (the suite's own server has limits far above what it sends):
 * past its limit a caller gets 429 with Retry-After, the refusal is in the
 * audit trail as rate_limited, and other callers, reads of one record and
 * signing out are not held back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { closeRefusalTallies } from '../../server/core/refusals.ts';
import { idOf, type Actor, type ApiAnswer, type Problem } from '../support/api-client.ts';
import { startInProcessApi, type InProcessApi } from '../support/in-process-api.ts';

const LIMITS = {
  list: { requests: 3, seconds: 60 },
  search: { requests: 2, seconds: 60 },
  write: { requests: 2, seconds: 60 },
  unauthenticated: { requests: 5, seconds: 60 },
};

let inProcess: InProcessApi;
let db: Database;
let api: InProcessApi['api'];

beforeAll(async () => {
  inProcess = await startInProcessApi({ rateLimits: LIMITS });
  ({ db, api } = inProcess);
});

afterAll(() => inProcess.stop());

/** The newest audit record's id: the records of what a test does next are newer. */
async function newestAuditId(): Promise<string> {
  const [row] = await db.query<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM audit_log');
  return row?.id ?? '0';
}

/** `send`'s request is refused as past its limit, and the one refusal recorded meanwhile is its own. */
async function expectLimited(send: () => Promise<ApiAnswer<unknown>>, route: string, as: Actor) {
  const after = await newestAuditId();
  const answer = await send();
  expect(answer.status).toBe(429);
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(Number(answer.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect((answer.body as Problem).status).toBe(429);
  const refusals = await db.query<{ actor_id: string; outcome: string; status: number; route: string }>(
    "SELECT actor_id, outcome, status, route FROM audit_log WHERE action = 'requests.refused' AND id > $1 ORDER BY id",
    [after],
  );
  expect(refusals).toEqual([{ actor_id: idOf(as), outcome: 'rate_limited', status: 429, route }]);
}

describe('per-actor rate limits', () => {
  it('limits lists', async () => {
    for (let i = 0; i < LIMITS.list.requests; i++) {
      expect((await api('GET', '/users/users', { as: 'reception' })).status).toBe(200);
    }
    await expectLimited(() => api('GET', '/users/users', { as: 'reception' }), '/api/v1/users/users', 'reception');
    await expectLimited(
      () => api('GET', `/appointments?client=${idOf('client2')}`, { as: 'reception' }),
      '/api/v1/appointments',
      'reception',
    );
    // Another caller has its own limit; reading one record is not a list.
    expect((await api('GET', '/users/users', { as: 'doctor' })).status).toBe(200);
    expect((await api('GET', `/users/users/${idOf('client2')}`, { as: 'reception' })).status).toBe(200);
  });

  it('limits searches', async () => {
    const search = () => api('POST', '/users/users/search', { as: 'nurse', body: { search: 'sharma' } });
    for (let i = 0; i < LIMITS.search.requests; i++) expect((await search()).status).toBe(200);
    await expectLimited(search, '/api/v1/users/users/search', 'nurse');
    // Lists are a limit of their own.
    expect((await api('GET', '/users/users', { as: 'nurse' })).status).toBe(200);
  });

  it('limits writes, but never signing out', async () => {
    const path = `/users/user-profiles/${idOf('client2')}`;
    // Each write names the version it was made from, read first (reading one record is not limited).
    const write = async () => {
      const etag = (await api('GET', path, { as: 'coach' })).headers.get('etag') ?? '';
      return api('PATCH', path, { as: 'coach', ifMatch: etag, body: { health_goals: 'Walk daily' } });
    };
    for (let i = 0; i < LIMITS.write.requests; i++) expect((await write()).status).toBe(200);
    await expectLimited(write, `/api/v1/users/user-profiles/:id`, 'coach');
    expect((await api('POST', '/session/logout', { as: 'coach' })).status).toBe(204);
  });
});

describe('refused authentication, per address', () => {
  /** The API believes the proxy in front of it (loopback) about the client's address. */
  const from = (address: string) => ({ 'x-forwarded-for': address });

  it('answers a flood of made-up tokens 429 before checking them, and counts it in a few audit records', async () => {
    const [before] = await db.query<{ id: number }>('SELECT coalesce(max(id), 0)::int AS id FROM audit_log');
    const answers = [];
    for (let i = 0; i < 300; i++) {
      answers.push(await api('GET', '/users/users', { token: `made.up.${i}`, headers: from('203.0.113.7') }));
    }
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.slice(0, LIMITS.unauthenticated.requests)).toEqual(
      Array(LIMITS.unauthenticated.requests).fill(401),
    );
    expect(new Set(statuses.slice(LIMITS.unauthenticated.requests))).toEqual(new Set([429]));
    expect(Number(answers.at(-1)!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    // Someone signed in behind another address is not held back; the flooding address is, whoever it is.
    expect((await api('GET', '/users/users', { as: 'doctor', headers: from('203.0.113.8') })).status).toBe(200);
    expect((await api('GET', '/users/users', { as: 'doctor', headers: from('203.0.113.7') })).status).toBe(429);

    await closeRefusalTallies(db);
    const rows = await db.query<{ outcome: string; repeats: number | null; source: string | null }>(
      "SELECT outcome, repeats, source FROM audit_log WHERE action = 'requests.refused' AND id > $1 ORDER BY id",
      [before!.id],
    );
    const flood = rows.filter((row) => row.source === '203.0.113.7');
    expect(flood).toEqual([
      { outcome: 'unauthenticated', repeats: null, source: '203.0.113.7' },
      { outcome: 'rate_limited', repeats: null, source: '203.0.113.7' },
      { outcome: 'unauthenticated', repeats: LIMITS.unauthenticated.requests - 1, source: '203.0.113.7' },
      // The flood's refusals after the first, and the doctor's from the same address.
      { outcome: 'rate_limited', repeats: 300 - LIMITS.unauthenticated.requests, source: '203.0.113.7' },
    ]);
  });
});
