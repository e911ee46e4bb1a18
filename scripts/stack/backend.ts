/**
 * The back end of the local stack: the local inbox (MailDev), the identity
 * service and the reference API (a child process), started in that order and
 * ready when all answer. Used by
 * `npm start`, the API test suite and the API benchmark alike.
 */
import path from 'node:path';
import { identityFiles } from '../identity/files.ts';
import { readAdminSecret } from '../identity/keys.ts';
import { startIdentity } from '../identity/start.ts';
import { serverEnvironmentFromStack, type StackConfig } from './config.ts';
import { logTail, spawnChild, waitForHttp } from './processes.ts';

const root = path.resolve(import.meta.dirname, '../..');
/** MailDev's command line, run by path: the package exports no path to it (knip.json knows it is used). */
const maildevBin = path.join(root, 'node_modules/maildev/dist/bin/maildev.js');

export interface Backend {
  stop(): Promise<void>;
  /** The API's process id (the benchmark reads its CPU time). */
  apiPid: number | undefined;
  /** Resolves with a reason when the identity service or the API ends on its own. */
  failed: Promise<string>;
}

export interface BackendOptions {
  /** Extra environment for the API (e.g. API_VALIDATE_RESPONSES). */
  apiEnv?: Record<string, string>;
  /** Write the API's output here instead of the console. */
  apiLogFile?: string;
  /** Node's own options for the API process (e.g. `--cpu-prof`). */
  apiNodeArgs?: string[];
}

/**
 * The API's own V8 options. A young generation of 32 MB a half (16 by default): each request's garbage (parsed
 * query, rows, the answer's JSON) dies young, and fewer, larger collections took the user list at concurrency 10
 * from 1,271-1,390 to 1,393-1,485 requests a second (`npm run bench:api`, runs taken in turn).
 */
const API_NODE_ARGS = ['--max-semi-space-size=32'];

/** The local inbox: MailDev's SMTP server and its web page and REST API, on loopback only, mail kept in DATA_DIR. */
function startMail(config: StackConfig) {
  return spawnChild('mail', process.execPath, [
    maildevBin,
    '--smtp',
    String(config.mailSmtpPort),
    '--ip',
    '127.0.0.1',
    '--web',
    String(config.mailWebPort),
    '--web-ip',
    '127.0.0.1',
    // Its own folder: MailDev writes each message's source to disk, by default into a folder every stack shares.
    '--mail-directory',
    path.join(config.dataDir, 'mail'),
    '--silent',
  ]);
}

export async function startBackend(config: StackConfig, options: BackendOptions = {}): Promise<Backend> {
  const mail = startMail(config);
  const mailReady = `http://127.0.0.1:${config.mailWebPort}/api/healthz`;
  // The API sends as soon as it runs: the inbox answers first.
  const [started, inbox] = await Promise.allSettled([
    startIdentity(config),
    waitForHttp(mailReady, { timeoutMs: 30_000 }),
  ]);
  if (started.status === 'rejected' || inbox.status === 'rejected') {
    if (started.status === 'fulfilled') await started.value.stop();
    await mail.stop();
    throw started.status === 'rejected' ? started.reason : (inbox as PromiseRejectedResult).reason;
  }
  const identity = started.value;
  // Only the API's identity client gets the admin secret: admin calls signed with anything else are refused.
  const adminSecret = readAdminSecret(identityFiles(config.identityDir, config.userPoolId).adminSecretFile);
  const api = spawnChild(
    'api',
    process.execPath,
    [...API_NODE_ARGS, ...(options.apiNodeArgs ?? []), '--import', 'tsx', path.join(root, 'server/main.ts')],
    {
      cwd: root,
      env: {
        ...serverEnvironmentFromStack(config, adminSecret),
        // The AWS SDK's notice about Node versions it will drop next year is not news at every start.
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        ...options.apiEnv,
      },
      ...(options.apiLogFile ? { logFile: options.apiLogFile } : {}),
    },
  );
  const stop = async () => {
    await api.stop();
    await identity.stop();
    await mail.stop();
  };
  const failed = Promise.race([
    identity.exited,
    api.exited.then((code) => `the API exited with code ${String(code)}`),
    mail.exited.then((code) => `the local inbox (MailDev) exited with code ${String(code)}`),
  ]);
  try {
    await Promise.race([
      Promise.all([waitForHttp(`${config.identityUrl}/health`), waitForHttp(`${config.apiUrl}/api/v1/health`)]),
      failed.then((reason) => Promise.reject(new Error(reason))),
    ]);
  } catch (error) {
    await stop();
    // When the API's output went to a file, its last lines say why it did not start.
    const tail = options.apiLogFile ? await logTail(options.apiLogFile) : '';
    if (tail) {
      throw new Error(`${String(error)}\nLast lines of ${options.apiLogFile}:\n${tail}`, { cause: error });
    }
    throw error;
  }
  return { stop, failed, apiPid: api.process.pid };
}
