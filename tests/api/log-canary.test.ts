/**
 * Logs without health information: a canary (a made-up value no one would
 * type) sent in every part of requests that fail in every way the API logs
 * (an unexpected error, a value the database refuses, the identity service
 * failing, the contract refusing a body) never appears in anything the API
 * writes to its log, though the database driver's error quotes it in its
 * message, its detail and its parameters. The log still says which request
 * failed (its id) and where.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { idOf, CURRENT } from '../support/api-client.ts';
import { interceptQueries, startInProcessApi, type InProcessApi } from '../support/in-process-api.ts';
import { configureLog } from '../../server/core/log.ts';

const CANARY = 'Zebracanary-4431 Marigold';

/** An error as the pg driver makes it: the values of the statement in its message, detail and parameters. */
function driverError(code: string, params: readonly unknown[]): Error {
  const quoted = params.map((value) => JSON.stringify(value)).join(', ');
  return Object.assign(new Error(`value "${quoted}" is not acceptable`), {
    name: 'error',
    code,
    detail: `Failing row contains (${quoted}).`,
    constraint: 'profiles_check',
    parameters: params,
    query: 'UPDATE profiles SET ...',
  });
}

/** SQLSTATE thrown by statements that mention a profile change, while set. */
let failWith: string | null = null;

/** The database, with the profile updates and searches failing as the driver fails while `failWith` is set. */
function failing(db: Database): Database {
  return interceptQueries(db, (sql, params, next) => {
    if (failWith && /^\s*UPDATE profiles/.test(sql)) return Promise.reject(driverError(failWith, params));
    if (failWith && /search_text LIKE/.test(sql)) return Promise.reject(driverError(failWith, params));
    return next();
  });
}

let inProcess: InProcessApi;
let api: InProcessApi['api'];
const logged: string[] = [];

beforeAll(async () => {
  // Everything the API logs (its log, at the level it serves at), and anything it writes to the console.
  configureLog({ level: 'info', destination: { write: (line: string) => logged.push(line) } });
  for (const method of ['error', 'warn', 'log', 'info', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((arg) => (typeof arg === 'string' ? arg : (JSON.stringify(arg) ?? String(arg)))).join(' '));
    });
  }
  inProcess = await startInProcessApi({
    database: failing,
    identityAdmin: (real) => ({
      ...real,
      // The identity service failing, with the new user's e-mail in its message.
      createUser: (user) => Promise.reject(new Error(`InternalErrorException for ${user.email} ${user.lastName}`)),
    }),
  });
  ({ api } = inProcess);
});

afterAll(async () => {
  await inProcess.stop();
  vi.restoreAllMocks();
  configureLog({});
});

beforeEach(() => {
  failWith = null;
  logged.length = 0;
});

function expectNoCanaryLogged(requestId: string | null) {
  const everything = logged.join('\n');
  expect(everything).not.toContain(CANARY);
  expect(everything).not.toContain('Zebracanary');
  if (requestId !== null) expect(everything).toContain(requestId);
}

const canaryHeaders = { 'x-canary': CANARY, 'user-agent': CANARY };

describe('the log of failing requests', () => {
  it('holds no value of a request that meets an unexpected error (500)', async () => {
    failWith = '42P01';
    const answer = await api('PATCH', `/users/user-profiles/${idOf('client2')}?note=${encodeURIComponent(CANARY)}`, {
      as: 'nurse',
      ifMatch: CURRENT,
      headers: canaryHeaders,
      body: { client_story: CANARY },
    });
    // The contract has no `note`: refused before any work, with nothing logged.
    expect(answer.status).toBe(400);
    expectNoCanaryLogged(null);

    const failed = await api('PATCH', `/users/user-profiles/${idOf('client2')}`, {
      as: 'nurse',
      ifMatch: CURRENT,
      headers: canaryHeaders,
      body: {
        client_story: CANARY,
        family_history: { relatives: [{ relative: 'other', conditions: ['other'], notes: CANARY }] },
      },
    });
    expect(failed.status).toBe(500);
    expect(JSON.stringify(failed.body)).not.toContain(CANARY);
    expect(logged.length).toBeGreaterThan(0);
    expectNoCanaryLogged(failed.headers.get('x-request-id'));
  });

  it('holds no value of a search the database fails on', async () => {
    failWith = 'XX000';
    const answer = await api('POST', '/users/users/search', {
      as: 'reception',
      headers: canaryHeaders,
      body: { search: CANARY },
    });
    expect(answer.status).toBe(500);
    expectNoCanaryLogged(answer.headers.get('x-request-id'));
  });

  it('holds no value the database refused (class 22 and 23, answered 400)', async () => {
    for (const code of ['22001', '23514']) {
      failWith = code;
      const answer = await api('PATCH', `/users/user-profiles/${idOf('client2')}`, {
        as: 'doctor',
        ifMatch: CURRENT,
        headers: canaryHeaders,
        body: { client_story: CANARY },
      });
      expect(answer.status).toBe(400);
      expectNoCanaryLogged(answer.headers.get('x-request-id'));
    }
  });

  it('holds no value sent to an identity service that failed', async () => {
    const answer = await api('POST', '/users/users', {
      as: 'admin',
      headers: canaryHeaders,
      body: { email: 'zebracanary@thrive.test', first_name: CANARY, last_name: CANARY, role: 'CLIENT' },
    });
    expect(answer.status).toBe(502);
    expect(logged.join('\n')).toContain('An identity service call failed');
    expectNoCanaryLogged(null);
  });
});
