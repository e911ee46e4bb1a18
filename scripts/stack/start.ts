/**
 * `npm start` / `npm run dev`: the whole local stack as children of this process.
 *
 *   identity service (cognito-local behind our proxy)  ->  reference API  ->  app
 *
 * The app is served at http://localhost:PORT (the production build with its
 * service worker by the production front, front/, or Vite's dev server with
 * --dev), which proxies /api and /identity, so the browser talks to one origin. Ctrl-C stops everything; data
 * stays in DATA_DIR for the next start.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { stackConfig, type StackConfig } from './config.ts';
import { stackPidFile } from './running.ts';
import { startBackend } from './backend.ts';
import { spawnChild, waitForHttp } from './processes.ts';
import { ensureDemoData } from '../demo/seed.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TEMPORARY_PASSWORD } from '../demo/accounts.ts';

const root = path.resolve(import.meta.dirname, '../..');
const viteBin = path.join(root, 'node_modules/vite/bin/vite.js');
const frontMain = path.join(root, 'front/main.ts');

export interface RunningStack {
  config: StackConfig;
  stop(): Promise<void>;
  /** Resolves when any part of the stack ends on its own. */
  failed: Promise<string>;
}

export async function startStack(config: StackConfig, { dev = false } = {}): Promise<RunningStack> {
  if (!dev && !existsSync(path.join(config.buildDir, 'index.html'))) {
    throw new Error(`No production build in ${config.buildDir}. Run \`npm run build\` first (npm start does).`);
  }
  mkdirSync(config.dataDir, { recursive: true });
  const pidFile = stackPidFile(config.dataDir);
  writeFileSync(pidFile, String(process.pid));

  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const stopOne of stops.reverse()) await stopOne().catch(() => undefined);
    stops.length = 0;
    rmSync(pidFile, { force: true });
  };

  try {
    await ensureDemoData(config);

    // One JSON line per request (pino): to files, not the console. A failed start prints the last lines.
    const backend = await startBackend(config, { apiLogFile: path.join(config.dataDir, 'logs', 'api.log') });
    stops.push(() => backend.stop());

    // The app starts once the API answers, so its proxy never greets a browser with errors: the production
    // front (front/) with the build, or Vite's dev server with --dev.
    const appEnv = {
      PORT: String(config.appPort),
      API_URL: config.apiUrl,
      API_UPSTREAMS: backend.apiUrls.join(','),
      IDENTITY_URL: config.identityUrl,
      BUILD_DIR: config.buildDir,
    };
    const app = dev
      ? spawnChild('app', process.execPath, [viteBin, 'serve'], { cwd: root, env: appEnv })
      : spawnChild('front', process.execPath, ['--import', 'tsx', frontMain], { cwd: root, env: appEnv });
    stops.push(() => app.stop());

    const failed = Promise.race([
      backend.failed,
      app.exited.then((code) => `the app server exited with code ${String(code)}`),
    ]);
    await Promise.race([
      Promise.all([waitForHttp(`${config.appUrl}/`), waitForHttp(`${config.appUrl}/api/v1/health`)]),
      failed.then((reason) => Promise.reject(new Error(reason))),
    ]);
    return { config, stop, failed };
  } catch (error) {
    await stop();
    throw error;
  }
}

function printDemoAccounts(): void {
  const rows = DEMO_ACCOUNTS.map((account) => {
    const password = account.password === DEMO_PASSWORD ? '' : `  (password ${DEMO_TEMPORARY_PASSWORD})`;
    return `  ${account.email.padEnd(26)} ${(account.role ?? 'no role').padEnd(13)} ${account.state}${password}`;
  });
  console.log(`Demo accounts (password ${DEMO_PASSWORD}, codes 123456):\n${rows.join('\n')}`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { dev: { type: 'boolean', default: false } } });
  const config = stackConfig();
  let stack: RunningStack;
  try {
    stack = await startStack(config, { dev: values.dev });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await stack.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  void stack.failed.then(async (reason) => {
    console.error(`Stopping: ${reason}`);
    await shutdown(1);
  });

  console.log(`Ready: ${config.appUrl}`);
  console.log(
    `API: ${config.apiInstances} process${config.apiInstances > 1 ? 'es' : ''} on ${config.databaseUrl ? 'PostgreSQL' : 'the embedded database'}; logs in ${path.join(config.dataDir, 'logs')}`,
  );
  console.log(`Mail: ${config.mailUrl} (every message the stack sends, SMS as <number>@sms.local)`);
  printDemoAccounts();
}

if (import.meta.filename === process.argv[1]) await main();
