/**
 * Starts one reference API process from the environment (see config.ts):
 *   node --import tsx server/main.ts
 * Refuses to start against an identity service that signs with a published
 * key. It never migrates the database (`npm run migrate` does, before a
 * release's processes start): on a schema that is behind, a process on
 * PostgreSQL waits, answering 503, until the migrations have run; one on the
 * embedded database, which no other process can migrate meanwhile, exits.
 *
 * Several processes may serve one PostgreSQL database: each announces its
 * commits so the others forget their cached reads (core/read-cache.ts), the
 * rate limits live in the database (http/shared-rate-limits.ts), and the
 * hourly housekeeping runs in one process at a time (core/run-alone.ts).
 *
 * SIGTERM or SIGINT: not ready from then on, stops taking connections, lets
 * requests in flight finish (each answer closing its connection), then writes
 * the open counts of refusals, closes the database (PGlite writes its files on
 * close) and exits.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './http/app.ts';
import { createAccessTokenVerifier } from './auth/access-token.ts';
import { PublishedKeyError, refusePublishedKeys } from './auth/published-keys.ts';
import { ConfigurationError, parseServerConfig, type ServerConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { configureLog, flushLog, logError, logInfo } from './core/log.ts';
import { createReadiness, schemaAtHead } from './core/readiness.ts';
import { closeRefusalTallies } from './core/refusals.ts';
import { createCognitoIdentityAdmin } from './identity/identity-admin.ts';
import { deleteExpiredKeys } from './core/idempotency-store.ts';
import { COMMITS_CHANNEL, forgetWhenOthersWrite } from './core/read-cache.ts';
import { runAlone } from './core/run-alone.ts';
import { createSharedRateLimits, deleteFullBuckets } from './http/shared-rate-limits.ts';
import { parseMessagingConfig, startMessaging, type MessagingConfig } from './messaging.ts';
import { reportFilesOf } from './results/report-files.ts';

/** How often idempotency keys past their keeping time and full rate-limit buckets are deleted. */
const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;
/** How long requests in flight get to finish at shutdown. */
const SHUTDOWN_GRACE_MS = 10_000;
/**
 * How long a connection may wait between requests: longer than any proxy or load balancer in front keeps one
 * (the front 30 s, an AWS load balancer 60 s), so the API never closes one they are about to use.
 */
const KEEP_ALIVE_MS = 65_000;

/** Exits with a configuration problem's message (status 2: nothing to retry). */
function refuseToStart(message: string): never {
  console.error(message);
  process.exit(2);
}

async function configuration(): Promise<{ config: ServerConfig; messagingConfig: MessagingConfig }> {
  let config: ServerConfig;
  let messagingConfig: MessagingConfig;
  try {
    config = parseServerConfig(process.env);
    messagingConfig = parseMessagingConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigurationError) refuseToStart(error.message);
    throw error;
  }
  try {
    await refusePublishedKeys(config.identity.jwksUrl);
  } catch (error) {
    if (error instanceof PublishedKeyError) refuseToStart(error.message);
    throw error;
  }
  return { config, messagingConfig };
}

async function main(): Promise<void> {
  const { config, messagingConfig } = await configuration();
  configureLog({ instance: config.instance, level: config.logLevel, buffered: true });

  const db = await openDatabase(config.database, {
    announceCommits: { channel: COMMITS_CHANNEL, payload: config.instance },
  });
  const stopHearing = await forgetWhenOthersWrite(db, config.instance);
  const atHead = await schemaAtHead(db);
  if (!atHead && db.kind === 'pglite') {
    await db.close();
    refuseToStart('The embedded database is behind this release: run `npm run migrate` first.');
  }
  const readiness = createReadiness(db, { atHead });

  // Idempotency keys are kept 7 days; older ones, and buckets full again, are deleted now and every hour.
  const housekeeping = () =>
    runAlone(db, 'housekeeping', async (tx) => {
      await deleteExpiredKeys(tx);
      await deleteFullBuckets(tx);
    }).catch((error: unknown) => logError({ event: 'Housekeeping failed' }, error));
  if (atHead) await housekeeping();
  const housekeepingTimer = setInterval(() => void housekeeping(), HOUSEKEEPING_INTERVAL_MS);
  housekeepingTimer.unref();
  // The sender reads tables of this release: on a database whose migrations are behind it waits for a restart.
  const messaging = atHead ? startMessaging(db, messagingConfig) : null;
  const app = createApp({
    db,
    identityAdmin: createCognitoIdentityAdmin(config.identity),
    verifyAccessToken: createAccessTokenVerifier(config.identity),
    reportFiles: reportFilesOf(config.reportFiles),
    validateResponses: config.validateResponses,
    rateLimits: config.rateLimits,
    trustProxy: config.trustProxy,
    readiness,
    ...(config.rateLimitStore === 'database' ? { rateLimitStore: createSharedRateLimits(db) } : {}),
    refusalTallyMs: config.refusalTallyMs,
  });

  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(config.port, config.host, (error?: Error) =>
      error ? reject(error) : resolve(listening),
    );
  });
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  const { port } = server.address() as AddressInfo;
  logInfo('Listening', {
    url: `http://${config.host}:${port}/api/v1`,
    database: config.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
  });
  // A launcher that asked for any free port learns which one (scripts/stack/backend.ts).
  process.send?.({ listening: port });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    readiness.stop();
    clearInterval(housekeepingTimer);
    logInfo('Stopping', { signal });
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const forced = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    await closed;
    clearTimeout(forced);
    await messaging?.stop();
    await closeRefusalTallies(db);
    await stopHearing();
    await db.close();
    logInfo('Stopped');
    flushLog();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

await main();
