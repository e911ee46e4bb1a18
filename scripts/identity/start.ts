/**
 * Runs the local identity service: cognito-local on a Unix socket inside the
 * identity folder (reached only by the proxy, and by whoever may enter the
 * folder, which is its owner alone) and our proxy on `identityPort`, which the
 * browser and the API use.
 *
 * Run directly (`npx tsx scripts/identity/start.ts`) it seeds the demo accounts
 * when the data directory is new and runs until Ctrl-C.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { access, chmod, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { DEMO_ACCOUNTS, DEMO_CODE } from '../demo/accounts.ts';
import { stackConfig, type StackConfig } from '../stack/config.ts';
import { logTail, stopProcess } from '../stack/processes.ts';
import { identityFiles } from './files.ts';
import { ensureAdminSecret, ensureSigningKey } from './keys.ts';
import { startIdentityProxy } from './proxy.ts';
import { seedIdentity, writeEmulatorConfig } from './seed.ts';

export interface IdentityService {
  /** The proxy, as the API and the app reach it (equals `config.identityUrl`). */
  url: string;
  /** Resolves with a reason when the emulator ends without stop() (a crash). */
  exited: Promise<string>;
  stop(): Promise<void>;
}

const HEALTH_TIMEOUT_MS = 15_000;

/** Whether the emulator answers its health check on its socket. */
function healthy(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get({ socketPath, path: '/health', timeout: 1_000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false));
    request.on('timeout', () => request.destroy());
  });
}

/** Waits for the emulator's health check, failing at once (with its log) if it exits first. */
async function waitForHealth(socketPath: string, child: ChildProcess, logFile: string): Promise<void> {
  let exited = false;
  const exitedEarly = new Promise<never>((_, reject) => {
    child.once('exit', () => {
      exited = true;
      void logTail(logFile, 15).then((tail) =>
        reject(new Error(`cognito-local exited during start-up. Last lines of ${logFile}:\n${tail}`)),
      );
    });
  });
  const answered = (async () => {
    const deadline = Date.now() + HEALTH_TIMEOUT_MS;
    while (!exited && Date.now() < deadline) {
      if (await healthy(socketPath)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!exited) throw new Error(`cognito-local did not answer on ${socketPath} within ${HEALTH_TIMEOUT_MS} ms`);
  })();
  await Promise.race([answered, exitedEarly]);
}

/** Starts the emulator and the proxy on a seeded `identityDir` (see seedIdentity). */
export async function startIdentity(config: StackConfig): Promise<IdentityService> {
  const files = identityFiles(config.identityDir, config.userPoolId);
  try {
    await access(files.poolFile);
  } catch {
    throw new Error(`No identity pool in ${config.identityDir}: run seedIdentity first.`);
  }
  // Derived from the ports, so tokens carry `config.issuer` whatever ports this run uses.
  await writeEmulatorConfig(config);
  // The folder holds the signing key, the admin secret and the emulator's socket: its owner's alone.
  await chmod(config.identityDir, 0o700);
  const signingKey = await ensureSigningKey(files.signingKeyFile);
  const adminSecret = await ensureAdminSecret(files.adminSecretFile);
  await rm(files.emulatorSocket, { force: true });

  const require = createRequire(import.meta.url);
  const emulatorBin = require.resolve('cognito-local/lib/bin/start.js');
  // The emulator exits when its IPC channel closes, so it never outlives this process (even after a crash).
  // It takes a TCP port only; its one server is moved onto the socket, which no other local user can reach.
  const bootstrap = [
    "process.on('disconnect', () => process.exit(0));",
    "const http = require('node:http');",
    'const listen = http.Server.prototype.listen;',
    'http.Server.prototype.listen = function (...args) {',
    "  return listen.call(this, process.env.THRIVE_EMULATOR_SOCKET, args.find((a) => typeof a === 'function'));",
    '};',
    `require(${JSON.stringify(emulatorBin)});`,
  ].join('\n');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    THRIVE_EMULATOR_SOCKET: files.emulatorSocket,
    HOST: '127.0.0.1',
    // Every code the emulator sends (confirmation, reset, SMS, attribute) is this one.
    CODE: DEMO_CODE,
  };
  // Debug logging would dump the whole user store on every write.
  delete env.DEBUG;
  delete env.COGNITO_LOCAL_DEVMODE;

  const log = openSync(files.logFile, 'a');
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, ['-e', bootstrap], {
      cwd: config.identityDir,
      env,
      stdio: ['ignore', log, log, 'ipc'],
      // Its own process group: Ctrl-C reaches us, and we stop the emulator after in-flight requests.
      detached: true,
    });
  } finally {
    closeSync(log);
  }
  // Neither the child nor its channel keeps this process alive; the proxy server does.
  child.unref();
  child.channel?.unref();

  let proxy;
  try {
    await waitForHealth(files.emulatorSocket, child, files.logFile);
    proxy = await startIdentityProxy({
      port: config.identityPort,
      host: '127.0.0.1',
      upstreamSocket: files.emulatorSocket,
      userPoolId: config.userPoolId,
      mfaSetupFile: files.mfaSetupFile,
      issuer: config.issuer,
      signingKey,
      adminSecret,
      signOutsFile: files.signOutsFile,
      allowedOrigins: [config.appUrl],
    });
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  await writeFile(files.pidFile, `${child.pid}\n`);

  let stopping: Promise<void> | undefined;
  const exitedOnItsOwn = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      if (!stopping) resolve(`cognito-local exited (${signal ?? `code ${String(code)}`}); see ${files.logFile}`);
    });
  });
  return {
    url: proxy.url,
    exited: exitedOnItsOwn,
    stop() {
      stopping ??= (async () => {
        // The proxy first: its close waits for requests in flight, so the emulator is idle when it stops.
        await proxy.close();
        await stopProcess(child);
        await rm(files.pidFile, { force: true });
        await rm(files.emulatorSocket, { force: true });
      })();
      return stopping;
    },
  };
}

async function main(): Promise<void> {
  const config = stackConfig();
  await seedIdentity(config, DEMO_ACCOUNTS);
  const service = await startIdentity(config);
  console.log(`Identity service on ${service.url} (user pool ${config.userPoolId}, client ${config.clientId})`);
  console.log(
    `Issuer ${config.issuer}; emulator log in ${identityFiles(config.identityDir, config.userPoolId).logFile}`,
  );
  const shutdown = () => {
    service.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
