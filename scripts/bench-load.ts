/**
 * `npm run bench:load`: a clinic's day as the API sees it, through the
 * production front to several API processes on PostgreSQL.
 *
 * Seeds a database it may empty (DATABASE_URL) with the demo accounts, 10,000
 * generated clients (`--clients`) and a clinic of 50 resources with 5,000
 * appointments over its current four weeks; `--appointments` (5,000) is the
 * database's total, those beyond the four weeks going before them as the
 * clinic's past (1,000,000 reach some four and a half years back). The
 * identity emulator gets only the accounts that sign in: the demo staff and
 * the clients' phones. Each seeding step prints how long it took. Then it
 * starts `--instances` API processes (3) behind the front, and
 * runs `--tablets` simulated tablets (50) for `--seconds` (60). Each tablet is
 * a member of staff or a client's phone and, after a pause of about
 * `--think-ms` (500) between actions, after `--warm-up-seconds` (15) not counted,
 * does what its person does: the hub's
 * day, the schedule's week, discovery's search as it is typed, a visit's draft
 * saved through the outbox (PUT with an Idempotency-Key and If-Match), a
 * booking in the portal, and the portal's reads. Prints p50, p95 and p99 per
 * operation, the requests a second, and the errors (any answer but the one the
 * action expects; a slot taken meanwhile, 409, is counted apart). A
 * measurement, not a test: it exits 1 only when a request errs.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { addDays, exampleVisit, instantAt, mayDoToClients, wallClockAt } from '@contract';
import { createFront } from '../front/server.ts';
import { NO_BUILD } from '../front/static-files.ts';
import { openDatabase } from '../server/db/database.ts';
import { openMigratedDatabase } from '../server/db/migrate.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoAccount, type DemoAccount } from './demo/accounts.ts';
import { BENCH_SCHEDULE, seedBenchSchedule } from './demo/bench-schedule.ts';
import { generateClients } from './demo/clients.ts';
import { seedDatabase } from './demo/seed-database.ts';
import { DEMO_CLINICS, DEMO_SERVICES, seedScheduleCatalog } from './demo/schedule.ts';
import { passwordSignIn } from './identity/client.ts';
import { seedIdentity } from './identity/seed.ts';
import { percentile } from './percentile.ts';
import { startBackend } from './stack/backend.ts';
import { configFromStack, stackConfig } from './stack/config.ts';

const { values } = parseArgs({
  options: {
    tablets: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '60' },
    instances: { type: 'string', default: '3' },
    clients: { type: 'string', default: '10000' },
    // All of the database's appointments: the bench clinic's four weeks (5,000) and, beyond them, its past.
    appointments: { type: 'string', default: String(BENCH_SCHEDULE.appointments) },
    'think-ms': { type: 'string', default: '500' },
    // Uncounted before the measured run: a server in use has long compiled its hot paths and filled its pools.
    'warm-up-seconds': { type: 'string', default: '15' },
  },
});
const tablets = Number(values.tablets);
const appointmentCount = Number(values.appointments);
const thinkMs = Number(values['think-ms']);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('npm run bench:load needs DATABASE_URL: a PostgreSQL database it may empty.');
  process.exit(2);
}

/** Each operation's latencies (ms), errors and conflicts. */
const results = new Map<string, { timings: number[]; errors: number; conflicts: number }>();
function record(operation: string, ms: number, outcome: 'ok' | 'error' | 'conflict'): void {
  const entry = results.get(operation) ?? { timings: [], errors: 0, conflicts: 0 };
  if (outcome === 'ok') entry.timings.push(ms);
  else if (outcome === 'error') entry.errors += 1;
  else entry.conflicts += 1;
  results.set(operation, entry);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: tablets });
let frontUrl = '';

interface Answer {
  status: number;
  etag: string | undefined;
  body: unknown;
}

/** One request through the front, timed and recorded under `operation`; `expected` are the statuses that pass. */
function call(
  operation: string,
  token: string,
  method: string,
  route: string,
  options: { body?: unknown; headers?: Record<string, string>; expected?: number[] } = {},
): Promise<Answer> {
  const started = performance.now();
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${frontUrl}/api/v1/${route}`,
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          const took = performance.now() - started;
          const expected = options.expected ?? [200];
          record(operation, took, expected.includes(status) ? 'ok' : status === 409 ? 'conflict' : 'error');
          if (!expected.includes(status) && status !== 409) console.error(`${operation}: HTTP ${status} ${text}`);
          resolve({ status, etag: response.headers.etag, body: text ? (JSON.parse(text) as unknown) : null });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const pause = () => new Promise((resolve) => setTimeout(resolve, thinkMs * (0.5 + Math.random())));

async function token(email: string): Promise<string> {
  const answer = await passwordSignIn(config.identityUrl, config.clientId, email, DEMO_PASSWORD);
  const accessToken = answer.AuthenticationResult?.AccessToken;
  if (!accessToken) throw new Error(`Could not sign in ${email}: ${answer.message ?? answer.status}`);
  return accessToken;
}

const bengaluru = DEMO_CLINICS[0]!;
const today = wallClockAt(new Date(), bengaluru.timeZone).date;
const dayQuery = (from: string, days: number) =>
  new URLSearchParams({
    clinic: bengaluru.id,
    from: instantAt(`${from} 00:00`, bengaluru.timeZone).toISOString(),
    to: instantAt(`${addDays(from, days)} 00:00`, bengaluru.timeZone).toISOString(),
  }).toString();

/**
 * A member of staff at a therapy bay or the front desk, doing what the day brings, until `until`. Only nurses and
 * doctors chart (`charts`); the front desk, coaches and nutritionists look clients up in that share of their day.
 */
async function staffTablet(
  accessToken: string,
  charts: boolean,
  clients: readonly DemoAccount[],
  until: number,
): Promise<void> {
  let visit: { id: string; etag: string; draft: ReturnType<typeof exampleVisit> } | undefined;
  while (Date.now() < until) {
    const roll = Math.random();
    if (roll < 0.3) {
      await call('hub: today', accessToken, 'GET', `schedule?${dayQuery(today, 1)}`);
    } else if (roll < 0.45) {
      await call('schedule: the week', accessToken, 'GET', `schedule?${dayQuery(addDays(today, -3), 7)}`);
    } else if (roll < 0.75 || !charts) {
      const someone = clients[Math.floor(Math.random() * clients.length)]!;
      // Each keystroke of a surname, as the debounced box sends it.
      for (let typed = 1; typed <= Math.min(5, someone.lastName.length); typed++) {
        await call('discovery: a keystroke', accessToken, 'POST', 'clients/search', {
          body: { q: someone.lastName.slice(0, typed) },
        });
      }
    } else {
      // The outbox: a draft created once, then saved again on its current version, each save with its own key.
      if (!visit) {
        const client = clients[Math.floor(Math.random() * clients.length)]!;
        const draft = exampleVisit('iv', { clientId: client.id });
        const id = randomUUID();
        const created = await call('visit: save (outbox)', accessToken, 'PUT', `visits/${id}`, {
          body: draft,
          headers: { 'idempotency-key': randomUUID() },
          expected: [201],
        });
        if (created.etag) visit = { id, etag: created.etag, draft };
      } else {
        visit.draft = { ...visit.draft, notes: `Saved at ${new Date().toISOString()}` };
        const saved = await call('visit: save (outbox)', accessToken, 'PUT', `visits/${visit.id}`, {
          body: visit.draft,
          headers: { 'idempotency-key': randomUUID(), 'if-match': visit.etag },
        });
        if (saved.etag) visit.etag = saved.etag;
      }
    }
    await pause();
  }
}

/** A client's phone: its own appointments, visits and results, now and then a booking. */
async function clientPhone(accessToken: string, client: DemoAccount, until: number): Promise<void> {
  const service = DEMO_SERVICES.find((item) => item.name === 'Fasting blood panel')!;
  while (Date.now() < until) {
    const roll = Math.random();
    if (roll < 0.8) {
      const route = ['appointments', `visits?client=${client.id}`, `assessments?client=${client.id}`][
        Math.floor(Math.random() * 3)
      ]!;
      await call('portal: own reads', accessToken, 'GET', route);
    } else {
      const day = addDays(today, 2 + Math.floor(Math.random() * 20));
      const slots = await call(
        'booking: free slots',
        accessToken,
        'GET',
        `slots?service=${service.id}&${dayQuery(day, 1)}`,
      );
      const free = (slots.body as { results?: { starts_at: string; resource_id: string }[] }).results ?? [];
      const slot = free[Math.floor(Math.random() * free.length)];
      if (slot) {
        await call('booking: book', accessToken, 'POST', 'appointments', {
          body: {
            client_id: client.id,
            service_id: service.id,
            resource_id: slot.resource_id,
            starts_at: slot.starts_at,
          },
          headers: { 'idempotency-key': randomUUID() },
          expected: [201],
        });
      }
    }
    await pause();
  }
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'thrive-bench-load-'));
const port = Number(process.env.BENCH_PORT || '45173');
const config = stackConfig({
  DATA_DIR: dataDir,
  PORT: String(port),
  IDENTITY_PORT: String(port + 20),
  DATABASE_URL: databaseUrl,
  API_INSTANCES: values.instances,
});
const clients = generateClients(Number(values.clients));
// A fifth of the tablets are clients' phones; they and the staff are the only ones who sign in.
const phones = clients.filter((client) => client.hipaaConsent).slice(0, Math.ceil(tablets / 5));

/** Runs one seeding step and prints how long it took. */
async function timed<T>(step: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`${step}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

let backend: Awaited<ReturnType<typeof startBackend>> | undefined;
let front: ReturnType<typeof createFront> | undefined;
try {
  await timed('Emptied the database', async () => {
    const empty = await openDatabase({ kind: 'postgres', url: databaseUrl });
    await empty.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public').finally(() => empty.close());
  });
  const signingIn = [...DEMO_ACCOUNTS, ...phones];
  await timed(`Identity: ${signingIn.length} accounts`, () => seedIdentity(config, signingIn));
  const db = await timed('Migrations', () => openMigratedDatabase(configFromStack(config).database));
  try {
    await timed(`Database: ${DEMO_ACCOUNTS.length} demo accounts and ${clients.length} clients`, () =>
      seedDatabase(db, [...DEMO_ACCOUNTS, ...clients]),
    );
    await timed('Clinics, resources and services', () => seedScheduleCatalog(db));
    await timed(`Bench clinic: ${appointmentCount} appointments`, () =>
      seedBenchSchedule(db, clients, appointmentCount, (added) =>
        console.log(`  ${added} of ${appointmentCount - BENCH_SCHEDULE.appointments} past appointments`),
      ),
    );
    // A database in use has long been vacuumed: without this, autovacuum's first pass over the fresh rows (their
    // hint bits, the visibility map, the statistics) would run during the measurement.
    await timed('VACUUM (ANALYZE)', () => db.exec('VACUUM (ANALYZE)'));
  } finally {
    await db.close();
  }

  // Limits far above what is measured; the buckets still live in the database, as in production.
  const unlimited = '1000000/60';
  backend = await startBackend(config, {
    apiLogFile: path.join(dataDir, 'api.log'),
    apiEnv: { API_RATE_LIMIT_LIST: unlimited, API_RATE_LIMIT_SEARCH: unlimited, API_RATE_LIMIT_WRITE: unlimited },
  });
  front = createFront({ build: NO_BUILD, apiUpstreams: backend.apiUrls });
  await new Promise<void>((resolve) => front!.server.listen(config.appPort, '127.0.0.1', resolve));
  frontUrl = `http://127.0.0.1:${config.appPort}`;

  // Staff on the clinic's tablets (a fifth of them clients' phones), signed in once each.
  const staff = ['nurse', 'nurse2', 'nurse3', 'doctor', 'doctor2', 'reception', 'reception2', 'coach', 'nutrition'];
  // Who charts an IV visit, as the access table says.
  const charts = staff.map((name) =>
    mayDoToClients(demoAccount(`${name}@thrive.test`).role ?? 'NO_ROLE', 'visits.chart', 'iv'),
  );
  const staffTokens = await Promise.all(staff.map((name) => token(`${name}@thrive.test`)));
  const phoneTokens = await Promise.all(phones.map((client) => token(client.email)));
  const run = (seconds: number) => {
    const until = Date.now() + seconds * 1000;
    return Promise.all(
      Array.from({ length: tablets }, (_, i) =>
        i < phones.length
          ? clientPhone(phoneTokens[i]!, phones[i]!, until)
          : staffTablet(staffTokens[i % staffTokens.length]!, charts[i % staff.length]!, clients, until),
      ),
    );
  };
  await run(Number(values['warm-up-seconds']));
  results.clear();
  const started = performance.now();
  await run(Number(values.seconds));
  const seconds = (performance.now() - started) / 1000;

  const column = (value: number | string, width = 9) =>
    (typeof value === 'number' ? value.toFixed(1) : value).padStart(width);
  console.log(
    `\n${tablets} tablets (${phones.length} clients' phones), ${values.instances} API processes on PostgreSQL behind the front, ${seconds.toFixed(0)} s, ${clients.length} clients, ${appointmentCount} appointments:\n`,
  );
  console.log(
    `${'operation'.padEnd(26)} ${column('requests')} ${column('p50 ms')} ${column('p95 ms')} ${column('p99 ms')} ${column('errors')} ${column('409')}`,
  );
  let total = 0;
  let errors = 0;
  for (const [operation, entry] of [...results].sort(([a], [b]) => a.localeCompare(b))) {
    const timings = entry.timings.sort((a, b) => a - b);
    total += timings.length + entry.errors + entry.conflicts;
    errors += entry.errors;
    console.log(
      `${operation.padEnd(26)} ${column(String(timings.length))} ${column(percentile(timings, 50))} ${column(percentile(timings, 95))} ${column(percentile(timings, 99))} ${column(String(entry.errors))} ${column(String(entry.conflicts))}`,
    );
  }
  console.log(`\n${(total / seconds).toFixed(0)} requests a second, ${errors} errors.`);
  if (errors > 0) process.exitCode = 1;
} finally {
  agent.destroy();
  if (front) await new Promise((resolve) => front!.server.close(resolve));
  front?.closeUpstreams();
  await backend?.stop();
  await rm(dataDir, { recursive: true, force: true });
}
