/**
 * `npm run bench`: Thrive's sign-in page against a bare React 19 page built with the same Vite, measured side by
 * side by Lighthouse (mobile, simulated throttling) in interleaved rounds, each figure the median; then the
 * signed-in app's timings at 4x CPU slowdown (warm start offline, navigation, lists of 10,000 users). A
 * benchmark, not a test: it prints one table and exits 0 unless something could not be measured. CI runs the
 * budgets (npm run check:budget), not these timings.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { measurePage, medianMetrics, type PageMetrics } from './lighthouse.ts';
import { buildBarePage, serveBarePage, serveThrive } from './serve.ts';
import { measureApp, type AppTimings } from './app-timings.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    port: { type: 'string', default: process.env.BENCH_PORT || '46300' },
    'skip-app': { type: 'boolean', default: false },
    'skip-lighthouse': { type: 'boolean', default: false },
    users: { type: 'string', default: '10000' },
  },
});
const rounds = Number(values.rounds);
const basePort = Number(values.port);
const root = path.resolve(import.meta.dirname, '../..');

const cpuAtStart = cpuReferenceMs();
const work = await mkdtemp(path.join(os.tmpdir(), 'thrive-bench-'));
const bareDir = path.join(work, 'bare');
const thriveDir = path.join(work, 'thrive');
try {
  await buildBarePage(bareDir);
  process.env.BUILD_DIR = thriveDir;
  await build({ root, logLevel: 'warn' });

  let lighthouse: { bare: PageMetrics; thrive: PageMetrics } | undefined;
  if (!values['skip-lighthouse']) {
    const bareServer = await serveBarePage(bareDir, basePort + 1);
    const thriveServer = await serveThrive(thriveDir, basePort + 2);
    try {
      const bareRuns: PageMetrics[] = [];
      const thriveRuns: PageMetrics[] = [];
      for (let round = 1; round <= rounds; round++) {
        bareRuns.push(await measurePage(`http://127.0.0.1:${basePort + 1}/`));
        thriveRuns.push(await measurePage(`http://127.0.0.1:${basePort + 2}/login`));
        const [b, t] = [bareRuns.at(-1)!, thriveRuns.at(-1)!];
        console.log(
          `round ${round}/${rounds}: bare LCP ${b.lcpMs.toFixed(0)} ms score ${b.score}; Thrive /login LCP ${t.lcpMs.toFixed(0)} ms score ${t.score} TBT ${t.tbtMs.toFixed(0)} ms CLS ${t.cls.toFixed(3)}`,
        );
      }
      lighthouse = { bare: medianMetrics(bareRuns), thrive: medianMetrics(thriveRuns) };
    } finally {
      await Promise.all([bareServer.close(), thriveServer.close()]);
    }
  }

  let app: AppTimings | undefined;
  if (!values['skip-app']) {
    const bareServer = await serveBarePage(bareDir, basePort + 1);
    try {
      app = await measureApp({
        buildDir: thriveDir,
        bareUrl: `http://127.0.0.1:${basePort + 1}/`,
        dataDir: path.join(work, 'data'),
        port: basePort + 10,
        users: Number(values.users),
      });
    } finally {
      await bareServer.close();
    }
  }

  printTable(lighthouse, app);
} finally {
  await rm(work, { recursive: true, force: true });
}

/**
 * The machine's pace when the run ends: a fixed loop in Node, in ms (lower is faster). The development machine's
 * shared cores run it in about 410 ms when quiet and up to 620 ms when not; every timing above moves with it.
 */
function cpuReferenceMs(): number {
  const started = performance.now();
  let sum = 0;
  for (let i = 0; i < 3e8; i++) sum += i % 7;
  if (sum < 0) console.log(sum);
  return performance.now() - started;
}

function printTable(lighthouse: { bare: PageMetrics; thrive: PageMetrics } | undefined, app: AppTimings | undefined) {
  const lines: string[] = [
    `CPU reference (a fixed loop in Node, lower is faster): ${Math.round(cpuAtStart)} ms at the start, ${Math.round(cpuReferenceMs())} ms at the end`,
    '',
  ];
  const row = (cells: string[]) => lines.push(`| ${cells.join(' | ')} |`);
  const mark = (ok: boolean) => (ok ? 'met' : '**not met**');
  if (lighthouse) {
    const { bare, thrive } = lighthouse;
    lines.push(`Lighthouse 12, mobile, simulated throttling, median of ${rounds} interleaved rounds`, '');
    row(['', 'bare React page', 'Thrive /login', 'ratio', 'goal']);
    row(['---', '---', '---', '---', '---']);
    row(['performance score', `${bare.score}`, `${thrive.score}`, '', `100: ${mark(thrive.score >= 100)}`]);
    row(['FCP', ms(bare.fcpMs), ms(thrive.fcpMs), ratio(thrive.fcpMs, bare.fcpMs), '']);
    row([
      'LCP',
      ms(bare.lcpMs),
      ms(thrive.lcpMs),
      ratio(thrive.lcpMs, bare.lcpMs),
      `<= bare: ${mark(thrive.lcpMs <= bare.lcpMs)}`,
    ]);
    row(['TBT', ms(bare.tbtMs), ms(thrive.tbtMs), '', `< 50 ms: ${mark(thrive.tbtMs < 50)}`]);
    row(['CLS', bare.cls.toFixed(3), thrive.cls.toFixed(3), '', `0: ${mark(thrive.cls === 0)}`]);
    row(['requests', `${bare.requests}`, `${thrive.requests}`, ratio(thrive.requests, bare.requests), '']);
    row([
      'scripts fetched (transfer)',
      `${bare.scriptKiB.toFixed(1)} KiB in ${bare.scriptFiles}`,
      `${thrive.scriptKiB.toFixed(1)} KiB in ${thrive.scriptFiles}`,
      ratio(thrive.scriptKiB, bare.scriptKiB),
      '',
    ]);
    lines.push('');
  }
  if (app) {
    lines.push(`Signed-in app, Chromium at 4x CPU slowdown, ${app.users} users, median of ${app.runs} runs`, '');
    row(['', 'measured', 'goal']);
    row(['---', '---', '---']);
    for (const timing of app.timings) {
      row([timing.name, timing.value, timing.goal === undefined ? '' : `${timing.goalText}: ${mark(timing.goal)}`]);
    }
    lines.push('');
  }
  console.log(`\n${lines.join('\n')}`);
}

function ms(value: number) {
  return `${Math.round(value)} ms`;
}

function ratio(value: number, base: number) {
  return base > 0 ? `${(value / base).toFixed(2)}x` : '';
}
