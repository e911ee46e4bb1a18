/**
 * A whole local stack (identity service, API, the production build) of its
 * own, for a test that needs to stop it: the shared end-to-end stack serves
 * every spec running in parallel and must keep running. Fresh demo data in a
 * temporary folder, the same build, and ports clear of the shared stack's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stackConfig } from '../../scripts/stack/config.ts';
import { startStack } from '../../scripts/stack/start.ts';
import { E2E_ENV } from './e2e-env.ts';

/**
 * The private app listens at E2E_PORT + 41, so its API (+7), identity proxy
 * (+5056), and local inbox's SMTP (+5025) and web page (+5080) land on
 * E2E_PORT + 48, 5097, 5066 and 5121: none of the shared stack's (E2E_PORT +
 * 0, 7, 5025, 5056, 5080) nor the second build's server of the version test
 * (E2E_PORT + 13). The identity emulators listen on sockets in their folders.
 */
export const PRIVATE_STACK_PORT_OFFSET = 41;

export interface PrivateStack {
  /** Where the app answers, e.g. http://localhost:14214. */
  origin: string;
  /** Stops every process of the stack; safe to call twice. Its data is deleted at `dispose`. */
  stop: () => Promise<void>;
  /** Stops the stack if it still runs and deletes its data. */
  dispose: () => Promise<void>;
}

export async function startPrivateStack(): Promise<PrivateStack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'thrive-private-stack-'));
  const config = stackConfig({
    DATA_DIR: dataDir,
    BUILD_DIR: path.resolve(E2E_ENV.BUILD_DIR),
    PORT: String(Number(E2E_ENV.PORT) + PRIVATE_STACK_PORT_OFFSET),
  });
  let stopped: Promise<void> | undefined;
  try {
    const stack = await startStack(config);
    const stop = () => (stopped ??= stack.stop());
    return {
      origin: config.appUrl,
      stop,
      dispose: async () => {
        await stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    // startStack stops whatever it had started before it failed.
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
