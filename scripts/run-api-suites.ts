/**
 * The API suite on the embedded database (PGlite) and, when TEST_DATABASE_URL
 * names a PostgreSQL database it may empty, on that real server too, side by
 * side; and on PostgreSQL also the part of it that several API processes
 * behind the production front must pass (the `api-instances` project, in a
 * database of its own beside that one: TEST_DATABASE_URL's name + `_instances`,
 * created when missing). Each suite waits on its server most of the time, so
 * together they take little longer than one. Each runs on its own ports; its report prints whole
 * once it ends, so the two do not interleave. The outbox's fault test, the
 * longest, runs its 250 seeds split between the two: each database half of
 * them, none twice; the contract's fuzzer likewise makes half its calls on
 * each, from a seed of each database's own.
 */
import { spawn } from 'node:child_process';

import { openDatabase } from '../server/db/database.ts';

interface Suite {
  name: string;
  project: string;
  env: NodeJS.ProcessEnv;
}

/** A database beside `url`'s on the same server (`<name>_<suffix>`), created when it is not there. */
async function databaseBeside(url: string, suffix: string): Promise<string> {
  const beside = new URL(url);
  const name = `${beside.pathname.slice(1)}_${suffix}`;
  beside.pathname = `/${name}`;
  const db = await openDatabase({ kind: 'postgres', url });
  try {
    const [found] = await db.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!found) await db.exec(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } finally {
    await db.close();
  }
  return beside.toString();
}

const postgresUrl = process.env.TEST_DATABASE_URL;
const FAULT_SEEDS = 250;
const faultSeeds = (first: number, count: number) => ({
  OUTBOX_FAULT_FIRST_SEED: String(first),
  OUTBOX_FAULT_SEEDS: String(count),
});
/** The fuzzer's calls per operation (its default): with PostgreSQL too, each database makes half. */
const FUZZ_RUNS = 25;
const suites: Suite[] = [
  {
    name: 'embedded database (PGlite)',
    project: 'api',
    env: {
      ...process.env,
      DATABASE_URL: '',
      ...faultSeeds(1, postgresUrl ? FAULT_SEEDS / 2 : FAULT_SEEDS),
      // Half the fuzzer's calls (all without PostgreSQL), from its own seed.
      FUZZ_RUNS: String(postgresUrl ? Math.ceil(FUZZ_RUNS / 2) : FUZZ_RUNS),
    },
  },
];
if (postgresUrl) {
  const port = Number(process.env.API_TEST_PORT || '24173') + 100;
  suites.push({
    name: 'PostgreSQL',
    project: 'api',
    env: {
      ...process.env,
      DATABASE_URL: postgresUrl,
      API_TEST_PORT: String(port),
      ...faultSeeds(FAULT_SEEDS / 2 + 1, FAULT_SEEDS / 2),
      // The other half, from a seed of its own: not the embedded database's calls again.
      FUZZ_SEED: '20261203',
      FUZZ_RUNS: String(Math.floor(FUZZ_RUNS / 2)),
    },
  });
  suites.push({
    name: 'PostgreSQL, three API processes behind the front',
    project: 'api-instances',
    env: {
      ...process.env,
      DATABASE_URL: await databaseBeside(postgresUrl, 'instances'),
      API_TEST_PORT: String(port + 100),
    },
  });
} else {
  console.log('API suite on PostgreSQL: not run (set TEST_DATABASE_URL to a database it may empty).');
}

function run(suite: Suite): Promise<{ suite: Suite; output: string; passed: boolean }> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--project', suite.project], {
      env: { ...suite.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ suite, output, passed: code === 0 }));
  });
}

const started = performance.now();
const results = await Promise.all(suites.map(run));
for (const { suite, output } of results) {
  console.log(`\n## API suite on the ${suite.name}\n`);
  process.stdout.write(output);
}
const failed = results.filter((result) => !result.passed).map((result) => result.suite.name);
const seconds = ((performance.now() - started) / 1000).toFixed(0);
if (failed.length > 0) {
  console.error(`\nAPI suite failed on: ${failed.join(', ')} (${seconds} s)`);
  process.exit(1);
}
console.log(`\nAPI suite passed on: ${suites.map((suite) => suite.name).join(', ')} (${seconds} s)`);
