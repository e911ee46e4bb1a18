/**
 * `npm run bench:api`: how fast the user list and the schedule answer at clinic scale.
 *
 * Seeds a temporary stack with the demo accounts and 10,000 generated clients,
 * signs in as the admin, and times list, filter, sort, paging and search
 * requests end to end over HTTP (token check, access rules, audit write and
 * contract validation included). Then the schedule: one clinic with 50
 * resources and 5,000 appointments over four weeks, and the week grid's query
 * (one clinic, one week) as reception makes it, beside the whole appointments of
 * that week. Then discovery's client search as a nurse
 * types it (each keystroke's text, with next appointments from the same schedule), which
 * must answer within 150 ms of the last keystroke. The user list and discovery's search also run 10 at a time
 * (req/s, p50, p99, the API's CPU a request), to the API or, with `--front`, through the production front in its own
 * process (after `npm run build`), as a browser reaches them. Reports, per scenario, its first request and the p50 and
 * p95 of the requests after a short warm-up (`timeRequests`); it is a measurement, not a test: it exits 0
 * unless a request fails.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { configFromStack } from './stack/config.ts';
import { openMigratedDatabase } from '../server/db/migrate.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo/accounts.ts';
import { demoClientEmail, generateClients } from './demo/clients.ts';
import { seedDatabase } from './demo/seed-database.ts';
import { BENCH_SCHEDULE, seedBenchSchedule } from './demo/bench-schedule.ts';
import { seedScheduleCatalog } from './demo/schedule.ts';
import { passwordSignIn } from './identity/client.ts';
import { seedIdentity } from './identity/seed.ts';
import { startBackend } from './stack/backend.ts';
import { stackConfig } from './stack/config.ts';
import { spawnChild, waitForHttp, type Child } from './stack/processes.ts';
import { percentile } from './percentile.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '10000' },
    requests: { type: 'string', default: '60' },
    concurrency: { type: 'string', default: '10' },
    'concurrent-requests': { type: 'string', default: '4000' },
    'warm-up': { type: 'string', default: '1000' },
    // Uncounted requests before each scenario's timed ones (the first of them reported apart).
    'scenario-warm-up': { type: 'string', default: '10' },
    // A folder for a CPU profile of the API (written when it stops), to see where its time goes.
    'cpu-prof': { type: 'string' },
    // The concurrent loads through the production front (front/, its own process, serving BUILD_DIR) rather than
    // to the API directly, as a browser's requests go.
    front: { type: 'boolean', default: false },
  },
});
const clientCount = Number(values.clients);
const requestsPerScenario = Number(values.requests);
const scenarioWarmUp = Number(values['scenario-warm-up']);

/** The bench's own collector, when node runs it with --expose-gc (npm run bench:api does). */
const collectGarbage = (globalThis as { gc?: (options: { type: 'minor' }) => void }).gc;

interface Timed {
  /** The scenario's first request, before any other of its kind: its code compiling in the API. */
  first: number;
  /** The counted requests' times, ascending. */
  timings: number[];
  /** The last answer's text. */
  text: string;
}

/**
 * Times a scenario's requests one after another, as a caller waits for each (the whole answer read). Its first
 * `scenarioWarmUp` requests are not counted: the first reads of a query compile its code in the API (and, on
 * PGlite, the database's), which a server in use has long done; the first of all is reported apart. Between
 * requests, outside the timing, the bench collects its own young garbage (the answers it read): a pause of the
 * bench's collector is not the API's time.
 */
async function timeRequests(send: (i: number) => Promise<Response>): Promise<Timed> {
  let first = Number.NaN;
  const timings: number[] = [];
  let text = '';
  for (let i = 0; i < scenarioWarmUp + requestsPerScenario; i++) {
    collectGarbage?.({ type: 'minor' });
    const started = performance.now();
    const response = await send(i);
    text = await response.text();
    const took = performance.now() - started;
    if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status}`);
    if (i === 0) first = took;
    if (i >= scenarioWarmUp) timings.push(took);
  }
  timings.sort((a, b) => a - b);
  return { first, timings, text };
}

const column = (value: number | string, width = 8) =>
  (typeof value === 'number' ? value.toFixed(1) : value).padStart(width);

/** A list's query string, or a search's body (search text goes in a body: POST users/users/search). */
const SCENARIOS: Record<string, string | { search: string }> = {
  'first page, by name': 'users/users?page_size=50',
  'page 100, by name': 'users/users?page=100&page_size=50',
  'clients only, newest first': 'users/users?role=CLIENT&ordering=-created_at',
  'search by surname': { search: 'mukherjee' },
  'search by e-mail fragment': { search: 'client-04' },
  'search by phone fragment': { search: '81522' },
  'search, no match': { search: 'zzzzqqq' },
};

/**
 * The CPU time (user and system) a process has used so far, from /proc: a steadier measure of the API's work
 * than requests per second on a machine whose cores are shared.
 */
async function processCpuMs(pid: number | undefined): Promise<number> {
  if (pid === undefined) return Number.NaN;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th of them, in ticks.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticksPerSecond = 100;
  return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1000;
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'thrive-bench-'));
const config = stackConfig({
  DATA_DIR: dataDir,
  PORT: process.env.BENCH_PORT || '44173',
  // Beside the API's port rather than the stack's default offset, so a run keeps to one range of ports.
  IDENTITY_PORT: String(Number(process.env.BENCH_PORT || '44173') + 20),
  DATABASE_URL: process.env.DATABASE_URL ?? '',
});
const accounts = [...DEMO_ACCOUNTS, ...generateClients(clientCount)];
let backend: Awaited<ReturnType<typeof startBackend>> | undefined;
let front: Child | undefined;
try {
  const seedStart = performance.now();
  await seedIdentity(config, accounts);
  const db = await openMigratedDatabase(configFromStack(config).database);
  const benchClinic = await seedDatabase(db, accounts)
    .then(() => seedScheduleCatalog(db))
    .then(() =>
      seedBenchSchedule(
        db,
        accounts.filter((account) => account.role === 'CLIENT'),
      ),
    )
    .finally(() => db.close());
  console.log(`Seeded ${accounts.length} users in ${((performance.now() - seedStart) / 1000).toFixed(1)} s.`);

  // Requests one after another as fast as they go: rate limits far above them (they are not what is measured).
  const unlimited = '1000000/60';
  backend = await startBackend(config, {
    apiLogFile: path.join(dataDir, 'api.log'),
    apiEnv: { API_RATE_LIMIT_LIST: unlimited, API_RATE_LIMIT_SEARCH: unlimited, API_RATE_LIMIT_WRITE: unlimited },
    ...(values['cpu-prof']
      ? { apiNodeArgs: ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values['cpu-prof'])}`] }
      : {}),
  });
  // Where the concurrent loads go: the API itself, or the front before it (what a browser reaches).
  let loadBase = config.apiUrl;
  if (values.front) {
    front = spawnChild(
      'front',
      process.execPath,
      ['--import', 'tsx', path.resolve(import.meta.dirname, '../front/main.ts')],
      {
        env: { PORT: String(config.appPort), BUILD_DIR: config.buildDir, API_UPSTREAMS: config.apiUrl },
        logFile: path.join(dataDir, 'front.log'),
      },
    );
    loadBase = `http://localhost:${config.appPort}`;
    await waitForHttp(`${loadBase}/api/v1/health`);
  }
  const answer = await passwordSignIn(config.identityUrl, config.clientId, 'admin@thrive.test', DEMO_PASSWORD);
  const token = answer.AuthenticationResult?.AccessToken;
  if (!token) throw new Error(`Could not sign in as the admin: ${answer.message ?? answer.status}`);

  console.log(
    `\n${requestsPerScenario} requests per scenario, one at a time, after ${scenarioWarmUp} not counted, ${accounts.length} users:\n`,
  );
  console.log(
    `${'scenario'.padEnd(30)} ${column('first ms')} ${column('p50 ms')} ${column('p95 ms')} ${column('p99 ms')} ${column('matches')}`,
  );
  for (const [name, query] of Object.entries(SCENARIOS)) {
    const { first, timings, text } = await timeRequests(() =>
      typeof query === 'string'
        ? fetch(`${config.apiUrl}/api/v1/${query}`, { headers: { authorization: `Bearer ${token}` } })
        : fetch(`${config.apiUrl}/api/v1/users/users/search`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify(query),
          }),
    );
    const count = (JSON.parse(text) as { count?: number }).count ?? 0;
    console.log(
      `${name.padEnd(30)} ${column(first)} ${column(percentile(timings, 50))} ${column(percentile(timings, 95))} ${column(percentile(timings, 99))} ${column(String(count))}`,
    );
  }

  // Throughput: the user list's first page, `concurrency` requests in flight at all times.
  const firstPage = 'users/users?page_size=50';
  const concurrency = Number(values.concurrency);
  const concurrentTotal = Number(values['concurrent-requests']);
  // Node's http client on kept-alive connections: fetch costs the client more CPU per request than the API
  // spends answering, and on a two-core machine the client then sets the pace, not the API.
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  /** One request as `bearer`, its body read and dropped; its status. */
  const send = (bearer: string, route: string, body?: unknown) =>
    new Promise<number>((resolve, reject) => {
      const text = body === undefined ? undefined : JSON.stringify(body);
      const request = http.request(
        `${loadBase}/api/v1/${route}`,
        {
          method: text ? 'POST' : 'GET',
          agent,
          headers: { authorization: `Bearer ${bearer}`, ...(text ? { 'content-type': 'application/json' } : {}) },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(text);
    });
  /** `total` requests made by `next`, `concurrency` in flight at all times; each one's latency. */
  const load = async (total: number, next: (i: number) => Promise<number>) => {
    const timings: number[] = [];
    let issued = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (issued < total) {
          const started = performance.now();
          const status = await next(issued++);
          timings.push(performance.now() - started);
          if (status !== 200) throw new Error(`concurrent load: HTTP ${status}`);
        }
      }),
    );
    return timings;
  };
  /** Warms up (a server in use has compiled its hot paths), then measures `next` and prints the line. */
  const measure = async (what: string, next: (i: number) => Promise<number>) => {
    await load(Number(values['warm-up']), next);
    const cpuBefore = await processCpuMs(backend!.apiPid);
    const loadStart = performance.now();
    const latencies = await load(concurrentTotal, next);
    const seconds = (performance.now() - loadStart) / 1000;
    const cpuPerRequest = ((await processCpuMs(backend!.apiPid)) - cpuBefore) / concurrentTotal;
    latencies.sort((a, b) => a - b);
    console.log(
      `\n${what}, ${concurrency} at a time${values.front ? ' through the front' : ''}, ${concurrentTotal} requests: ${(concurrentTotal / seconds).toFixed(0)} req/s, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, the API's CPU ${cpuPerRequest.toFixed(2)} ms a request`,
    );
  };
  await measure('User list, first page', () => send(token, firstPage));

  const receptionAnswer = await passwordSignIn(
    config.identityUrl,
    config.clientId,
    'reception@thrive.test',
    DEMO_PASSWORD,
  );
  const receptionToken = receptionAnswer.AuthenticationResult?.AccessToken;
  if (!receptionToken) throw new Error('Could not sign in as reception');
  const span = `clinic=${benchClinic.clinicId}&from=${encodeURIComponent(benchClinic.weekFrom)}&to=${encodeURIComponent(benchClinic.weekTo)}`;
  // The week grid reads `schedule`; the whole appointments of the same week beside it, for comparison.
  const weekScenarios: Record<string, string> = {
    'week grid (schedule)': `schedule?${span}`,
    'week, whole appointments': `appointments?${span}`,
  };
  console.log(
    `\nSchedule: one clinic, ${BENCH_SCHEDULE.resources} resources, ${BENCH_SCHEDULE.appointments} appointments over four weeks:\n`,
  );
  console.log(
    `${'scenario'.padEnd(30)} ${column('first ms')} ${column('p50 ms')} ${column('p95 ms')} ${column('results')} ${column('KB')}`,
  );
  for (const [name, query] of Object.entries(weekScenarios)) {
    const { first, timings, text } = await timeRequests(() =>
      fetch(`${config.apiUrl}/api/v1/${query}`, { headers: { authorization: `Bearer ${receptionToken}` } }),
    );
    const count = (JSON.parse(text) as { results?: unknown[] }).results?.length ?? 0;
    console.log(
      `${name.padEnd(30)} ${column(first)} ${column(percentile(timings, 50))} ${column(percentile(timings, 95))} ${column(String(count))} ${column((Buffer.byteLength(text) / 1000).toFixed(0))}`,
    );
  }

  // Discovery: what a nurse types, keystroke by keystroke, each answered by the search endpoint.
  const nurseAnswer = await passwordSignIn(config.identityUrl, config.clientId, 'nurse@thrive.test', DEMO_PASSWORD);
  const nurseToken = nurseAnswer.AuthenticationResult?.AccessToken;
  if (!nurseToken) throw new Error('Could not sign in as the nurse');
  const someone = accounts.find((account) => account.email === demoClientEmail(4321)) ?? accounts.at(-1)!;
  // Ten nurses typing at once: each request a prefix of a surname, as the box sends them.
  await measure('Discovery search', (i) =>
    send(nurseToken, 'clients/search', { q: someone.lastName.slice(0, 1 + (i % someone.lastName.length)) }),
  );
  agent.destroy();
  const typed: Record<string, string> = {
    'surname, as typed': someone.lastName,
    'phone, with punctuation': `${someone.phone!.slice(3, 6)}-${someone.phone!.slice(6, 10)}`,
    'e-mail fragment': 'client-432',
    'one letter': 'a',
    'no match': 'zzzzqqq',
  };
  console.log(`\nDiscovery's search as a nurse types, ${clientCount} clients (each prefix of the text counts):\n`);
  console.log(
    `${'scenario'.padEnd(30)} ${column('first ms')} ${column('p50 ms')} ${column('p95 ms')} ${column('results')}`,
  );
  for (const [name, text] of Object.entries(typed)) {
    // Every keystroke's text in turn, as the debounced box sends it.
    const {
      first,
      timings,
      text: answer,
    } = await timeRequests((i) => {
      const prefix = text.slice(0, 1 + (i % text.length));
      return fetch(`${config.apiUrl}/api/v1/clients/search`, {
        method: 'POST',
        headers: { authorization: `Bearer ${nurseToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ q: prefix }),
      });
    });
    const results = (JSON.parse(answer) as { results?: unknown[] }).results?.length ?? 0;
    console.log(
      `${name.padEnd(30)} ${column(first)} ${column(percentile(timings, 50))} ${column(percentile(timings, 95))} ${column(String(results))}`,
    );
  }
} finally {
  await front?.stop();
  await backend?.stop();
  await rm(dataDir, { recursive: true, force: true });
}
