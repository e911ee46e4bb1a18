/**
 * What several API processes on one PostgreSQL must keep as one would: a rate
 * limit holds across them, a sign-out on one refuses the token on all, one
 * Idempotency-Key makes one change whichever process answers, a writer is
 * never answered from before its own write by another process, and the
 * hourly housekeeping runs in one process at a time. Each process is called by
 * its own URL here (and through the production front, which the rest of the
 * project's files call them through, in turn).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, apiClient, createSignedInUser, idOf, stack, type Schemas } from '../support/api-client.ts';
import { DEFAULT_RATE_LIMITS } from '../../server/http/rate-limit.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { runAlone } from '../../server/core/run-alone.ts';

const [first, second, third] = stack.instanceUrls.map((url) => apiClient(url));
const front = apiClient(stack.apiUrl);
const each = [first!, second!, third!];

let db: Database;
let otherConnection: Database;

beforeAll(async () => {
  if (stack.instanceUrls.length !== 3 || !stack.databaseUrl) {
    throw new Error('The api-instances project runs three API processes on PostgreSQL');
  }
  db = await openDatabase({ kind: 'postgres', url: stack.databaseUrl });
  otherConnection = await openDatabase({ kind: 'postgres', url: stack.databaseUrl });
});

afterAll(async () => {
  await db.close();
  await otherConnection.close();
});

describe('three API processes on one database', () => {
  it('hold one list limit between them: 300 a minute, whichever answers', async () => {
    // A caller no other file of this project lists as.
    const as = 'reception2@thrive.test';
    const { requests, seconds } = DEFAULT_RATE_LIMITS.list;
    await accessToken(as);
    // Half as many again as the limit, to each process in turn and through the front, 30 at a time: limits of
    // each process's own would let every one through.
    const sent = requests * 1.5;
    const callers = [...each, front];
    const statuses: number[] = [];
    const retryAfters: number[] = [];
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 30 }, async () => {
        while (next < sent) {
          const api = callers[next++ % callers.length]!;
          const answer = await api('GET', '/users/users?page_size=1', { as });
          statuses.push(answer.status);
          if (answer.status === 429) retryAfters.push(Number(answer.headers.get('retry-after')));
        }
      }),
    );
    // The bucket refills as it goes (five a second): those may pass too, and nothing more.
    const refilled = Math.ceil(((performance.now() - started) / 1000) * (requests / seconds));
    const passed = statuses.filter((status) => status === 200).length;
    expect(passed).toBeGreaterThanOrEqual(requests);
    expect(passed).toBeLessThanOrEqual(requests + refilled);
    expect(retryAfters).toHaveLength(sent - passed);
    expect(Math.min(...retryAfters)).toBeGreaterThanOrEqual(1);
  });

  it('refuse a signed-out token on every process at once', async () => {
    const user = await createSignedInUser('admin', {
      email: `signed-out-everywhere-${randomUUID().slice(0, 8)}@thrive.test`,
      first_name: 'Ines',
      last_name: 'Everywhere',
      role: 'CLIENT',
    });
    const token = user.accessToken;
    const readOwn = (api: ReturnType<typeof apiClient>) => api('GET', `/users/user-profiles/${user.id}`, { token });
    // Each process has the caller in its cache of the last second.
    for (const api of each) expect((await readOwn(api)).status).toBe(200);
    expect((await first!('POST', '/session/logout', { token })).status).toBe(204);
    for (const api of each) expect((await readOwn(api)).status).toBe(401);
  });

  it('make one change of one Idempotency-Key, sent to all three at once', async () => {
    const key = randomUUID();
    const note = `three processes ${key}`;
    const body = { user: idOf('client2'), program: 'longevity', start_date: '2026-09-01', notes: note };
    const sent = await Promise.all(
      each.map((api) =>
        api<Schemas['Enrollment']>('POST', '/users/user-program-enrollments', {
          as: 'nurse',
          body,
          headers: { 'idempotency-key': key },
        }),
      ),
    );
    expect(sent.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(sent.map((answer) => answer.body.id)).size).toBe(1);
    expect(sent.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(2);
    const [row] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM enrollments WHERE notes = $1', [
      note,
    ]);
    expect(row?.count).toBe(1);
  });

  it('answer a writer from after its write, whichever process its next request reaches', async () => {
    const newest = '/users/users?role=CLIENT&ordering=-created_at&page_size=5';
    // The second process has the newest clients' page in its cache of the last second.
    expect((await second!('GET', newest, { as: 'admin' })).status).toBe(200);
    const created = await first!<Schemas['UserDetail']>('POST', '/users/users', {
      as: 'admin',
      body: {
        email: `written-once-${randomUUID().slice(0, 8)}@thrive.test`,
        first_name: 'Wren',
        last_name: 'Afterwards',
        role: 'CLIENT',
      },
    });
    expect(created.status).toBe(201);
    const page = await second!<Schemas['UserList']>('GET', newest, { as: 'admin' });
    expect(page.body.results[0]?.id).toBe(created.body.Username);
  });

  it('run the housekeeping in one process at a time', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const one = runAlone(db, 'housekeeping', async () => {
      started();
      await held;
    });
    await running;
    expect(await runAlone(otherConnection, 'housekeeping', () => Promise.resolve())).toBe(false);
    release();
    expect(await one).toBe(true);
    expect(await runAlone(otherConnection, 'housekeeping', () => Promise.resolve())).toBe(true);
  });
});
