/**
 * `npm run bench`: Thrive's sign-in page against a bare React 19 page built with the same Vite, measured side by
 * side by Lighthouse (mobile, simulated throttling) in interleaved rounds, each figure the median; then the
 * signed-in app's timings at 4x CPU slowdown (warm start offline, navigation, lists of 10,000 users, with the demo
 * clinic's week of appointments). A benchmark, not a test: it prints one table and exits 0 unless something could not be measured. CI runs the
 * budgets (npm run check:budget), not these timings.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { measurePage, medianMetrics, type PageMetrics } from './lighthouse.ts';
import { buildBarePage, serveBuild } from './serve.ts';
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

  let lighthouse: Lighthouse | undefined;
  if (!values['skip-lighthouse']) {
    const bareServer = await serveBuild(bareDir, basePort + 1);
    const thriveServer = await serveBuild(thriveDir, basePort + 2);
    const bareUrl = `http://127.0.0.1:${basePort + 1}/`;
    const thriveUrl = `http://127.0.0.1:${basePort + 2}/login`;
    try {
      const runs: Record<keyof Lighthouse, PageMetrics[]> = { bare: [], thrive: [], bareWhole: [], thriveWhole: [] };
      for (let round = 1; round <= rounds; round++) {
        runs.bare.push(await measurePage(bareUrl, 'headless shell'));
        runs.thrive.push(await measurePage(thriveUrl, 'headless shell'));
        runs.bareWhole.push(await measurePage(bareUrl, 'whole browser'));
        runs.thriveWhole.push(await measurePage(thriveUrl, 'whole browser'));
        const summary = (page: PageMetrics) =>
          `LCP ${page.lcpMs.toFixed(0)} ms score ${page.score} TBT ${page.tbtMs.toFixed(0)} ms CLS ${page.cls.toFixed(3)}`;
        console.log(
          `round ${round}/${rounds}: bare ${summary(runs.bare.at(-1)!)}; Thrive /login ${summary(runs.thrive.at(-1)!)}; ` +
            `whole browser: bare ${summary(runs.bareWhole.at(-1)!)}; Thrive /login ${summary(runs.thriveWhole.at(-1)!)}`,
        );
      }
      lighthouse = {
        bare: medianMetrics(runs.bare),
        thrive: medianMetrics(runs.thrive),
        bareWhole: medianMetrics(runs.bareWhole),
        thriveWhole: medianMetrics(runs.thriveWhole),
      };
    } finally {
      await Promise.all([bareServer.close(), thriveServer.close()]);
    }
  }

  let app: AppTimings | undefined;
  if (!values['skip-app']) {
    const bareServer = await serveBuild(bareDir, basePort + 1);
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

/** Each page in Chromium's headless shell, and in the whole browser (see LighthouseBrowser). */
interface Lighthouse {
  bare: PageMetrics;
  thrive: PageMetrics;
  bareWhole: PageMetrics;
  thriveWhole: PageMetrics;
}

function printTable(lighthouse: Lighthouse | undefined, app: AppTimings | undefined) {
  const lines: string[] = [
    `CPU reference (a fixed loop in Node, lower is faster): ${Math.round(cpuAtStart)} ms at the start, ${Math.round(cpuReferenceMs())} ms at the end`,
    '',
  ];
  const row = (cells: string[]) => lines.push(`| ${cells.join(' | ')} |`);
  const mark = (ok: boolean) => (ok ? 'met' : '**not met**');
  if (lighthouse) {
    const { bare, thrive, bareWhole, thriveWhole } = lighthouse;
    const goals = (page: PageMetrics, base: PageMetrics) =>
      [
        `score ${mark(page.score >= 100)}`,
        `LCP ${mark(page.lcpMs <= base.lcpMs)}`,
        `TBT ${mark(page.tbtMs < 50)}`,
        `CLS ${mark(page.cls === 0)}`,
      ].join(', ');
    lines.push(
      `Lighthouse 12, mobile, simulated throttling, median of ${rounds} interleaved rounds, in Chromium's headless shell and in the whole browser`,
      '',
    );
    row(['', 'bare React page', 'Thrive /login', 'ratio', 'whole browser: bare', 'Thrive /login', 'ratio']);
    row(['---', '---', '---', '---', '---', '---', '---']);
    const line = (name: string, value: (page: PageMetrics) => string, ratioOf?: (page: PageMetrics) => number) =>
      row([
        name,
        value(bare),
        value(thrive),
        ratioOf ? ratio(ratioOf(thrive), ratioOf(bare)) : '',
        value(bareWhole),
        value(thriveWhole),
        ratioOf ? ratio(ratioOf(thriveWhole), ratioOf(bareWhole)) : '',
      ]);
    line('performance score', (page) => `${page.score}`);
    line(
      'FCP',
      (page) => ms(page.fcpMs),
      (page) => page.fcpMs,
    );
    line(
      'LCP',
      (page) => ms(page.lcpMs),
      (page) => page.lcpMs,
    );
    line('TBT', (page) => ms(page.tbtMs));
    line('CLS', (page) => page.cls.toFixed(3));
    line(
      'requests',
      (page) => `${page.requests}`,
      (page) => page.requests,
    );
    line(
      'scripts fetched (transfer)',
      (page) => `${page.scriptKiB.toFixed(1)} KiB in ${page.scriptFiles}`,
      (page) => page.scriptKiB,
    );
    row([
      'goals (score 100, LCP <= bare, TBT < 50 ms, CLS 0)',
      '',
      goals(thrive, bare),
      '',
      '',
      goals(thriveWhole, bareWhole),
      '',
    ]);
    lines.push('');
  }
  if (app) {
    lines.push(
      `Signed-in app, Chromium at 4x CPU slowdown, ${app.users} users and the demo clinic's week of appointments, median of ${app.runs} runs`,
      '',
    );
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
