/**
 * The back end of the local stack: the local inbox (MailDev), the identity
 * service and the reference API (API_INSTANCES child processes, one by
 * default), started in that order and ready when all of them answer. Used by
 * `npm start`, the API test suite and the API benchmarks alike. The database's
 * schema must be at head before (the stack's demo data step migrates it, as
 * `npm run migrate` would).
 */
import path from 'node:path';
import { identityFiles } from '../identity/files.ts';
import { readAdminSecret } from '../identity/keys.ts';
import { startIdentity } from '../identity/start.ts';
import { serverEnvironmentFromStack, type StackConfig } from './config.ts';
import { logTail, spawnChild, waitForHttp, type Child } from './processes.ts';

const root = path.resolve(import.meta.dirname, '../..');
/** MailDev's command line, run by path: the package exports no path to it (knip.json knows it is used). */
const maildevBin = path.join(root, 'node_modules/maildev/dist/bin/maildev.js');

export interface Backend {
  stop(): Promise<void>;
  /** Each API process's base URL (`http://127.0.0.1:4180`), the first at the stack's API port. */
  apiUrls: string[];
  /** The first API process's id (a benchmark reads its CPU time). */
  apiPid: number | undefined;
  /** Every API process's id. */
  apiPids: (number | undefined)[];
  /** Resolves with a reason when the identity service or an API process ends on its own. */
  failed: Promise<string>;
}

export interface BackendOptions {
  /** Extra environment for the API (e.g. API_VALIDATE_RESPONSES). */
  apiEnv?: Record<string, string>;
  /**
   * Write the first API process's log here instead of the console; the others' beside it (`api.log`,
   * `api-2.log`, ...).
   */
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

/** The log file of API process `index` (0-based), beside the first's. */
function instanceLogFile(first: string, index: number): string {
  if (index === 0) return first;
  const { dir, name, ext } = path.parse(first);
  return path.join(dir, `${name}-${index + 1}${ext}`);
}

interface ApiProcess {
  child: Child;
  url: string;
}

/** Starts API process `index`: the first on the stack's API port, the others on any free port, which they tell. */
async function startApi(
  config: StackConfig,
  index: number,
  env: Record<string, string>,
  options: BackendOptions,
): Promise<ApiProcess> {
  const logFile = options.apiLogFile ? instanceLogFile(options.apiLogFile, index) : undefined;
  const child = spawnChild(
    config.apiInstances > 1 ? `api-${index + 1}` : 'api',
    process.execPath,
    [...API_NODE_ARGS, ...(options.apiNodeArgs ?? []), '--import', 'tsx', path.join(root, 'server/main.ts')],
    {
      cwd: root,
      env: {
        ...env,
        API_PORT: String(index === 0 ? config.apiPort : 0),
        API_INSTANCE_NAME: `api-${index + 1}`,
        ...options.apiEnv,
      },
      ipc: true,
      ...(logFile ? { logFile } : {}),
    },
  );
  // The port it says it listens on, or the reason it ended before it said one.
  const port = await new Promise<number>((resolve, reject) => {
    child.process.on('message', (message: { listening?: unknown }) => {
      if (typeof message.listening === 'number') resolve(message.listening);
    });
    void child.exited.then((code) => reject(new Error(`API process ${index + 1} exited with code ${String(code)}`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
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
  const env = {
    ...serverEnvironmentFromStack(config, adminSecret),
    // The AWS SDK's notice about Node versions it will drop next year is not news at every start.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  const apis: ApiProcess[] = [];
  const stop = async () => {
    await Promise.all(apis.map((api) => api.child.stop()));
    await identity.stop();
    await mail.stop();
  };
  try {
    const started = await Promise.allSettled(
      Array.from({ length: config.apiInstances }, (_, index) => startApi(config, index, env, options)),
    );
    for (const result of started) if (result.status === 'fulfilled') apis.push(result.value);
    const refused = started.find((result) => result.status === 'rejected');
    if (refused) throw refused.reason;
    const ended = Promise.race([
      identity.exited,
      ...apis.map((api) => api.child.exited.then(() => 'An API process exited')),
      mail.exited.then((code) => `the local inbox (MailDev) exited with code ${String(code)}`),
    ]);
    // Ready (not only alive): each answers /ready once its database answers and its schema is at head.
    await Promise.race([
      Promise.all([
        waitForHttp(`${config.identityUrl}/health`),
        // The readiness check asks the database (2 s at most); several processes starting at once on a busy
        // machine take a while to answer it.
        ...apis.map((api) => waitForHttp(`${api.url}/api/v1/ready`, { timeoutMs: 120_000, attemptMs: 10_000 })),
      ]),
      ended.then((reason) => Promise.reject(new Error(reason))),
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
  const failed = Promise.race([
    identity.exited,
    ...apis.map((api, index) =>
      api.child.exited.then((code) => `API process ${index + 1} exited with code ${String(code)}`),
    ),
    mail.exited.then((code) => `the local inbox (MailDev) exited with code ${String(code)}`),
  ]);
  return {
    stop,
    failed,
    apiUrls: apis.map((api) => api.url),
    apiPid: apis[0]?.child.process.pid,
    apiPids: apis.map((api) => api.child.process.pid),
  };
}
