/**
 * Starts the reference API from the environment (see config.ts):
 *   node --import tsx server/main.ts
 * Refuses to start against an identity service that signs with a published
 * key, then brings the database schema up to date. SIGTERM or SIGINT stops taking
 * connections, lets requests in flight finish, then closes the database
 * (PGlite writes its files on close).
 */
import type { Server } from 'node:http';
import { createApp } from './http/app.ts';
import { createAccessTokenVerifier } from './auth/access-token.ts';
import { PublishedKeyError, refusePublishedKeys } from './auth/published-keys.ts';
import { ConfigurationError, parseServerConfig } from './config.ts';
import { openMigratedDatabase } from './db/migrate.ts';
import { logError } from './core/log.ts';
import { closeRefusalTallies } from './core/refusals.ts';
import { createCognitoIdentityAdmin } from './identity/identity-admin.ts';
import { deleteExpiredKeys } from './core/idempotency-store.ts';
import { parseMessagingConfig, startMessaging } from './messaging.ts';

/** How often keys past their keeping time are deleted. */
const KEY_EXPIRY_INTERVAL_MS = 60 * 60 * 1000;
/** How long requests in flight get to finish at shutdown. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config;
  let messagingConfig;
  try {
    config = parseServerConfig(process.env);
    messagingConfig = parseMessagingConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigurationError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }

  try {
    await refusePublishedKeys(config.identity.jwksUrl);
  } catch (error) {
    if (error instanceof PublishedKeyError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }

  const db = await openMigratedDatabase(config.database);
  // Idempotency keys are kept 7 days; older ones are deleted now and every hour.
  const expireKeys = () =>
    deleteExpiredKeys(db).catch((error: unknown) =>
      logError({ event: 'Deleting expired idempotency keys failed' }, error),
    );
  await expireKeys();
  const keyExpiry = setInterval(() => void expireKeys(), KEY_EXPIRY_INTERVAL_MS);
  keyExpiry.unref();
  const messaging = startMessaging(db, messagingConfig);
  const app = createApp({
    db,
    identityAdmin: createCognitoIdentityAdmin(config.identity),
    verifyAccessToken: createAccessTokenVerifier(config.identity),
    validateResponses: config.validateResponses,
    rateLimits: config.rateLimits,
    trustProxy: config.trustProxy,
    refusalTallyMs: config.refusalTallyMs,
  });

  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(config.port, config.host, (error?: Error) =>
      error ? reject(error) : resolve(listening),
    );
  });
  const where = config.database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.database.dataDir}`;
  console.log(`Thrive API on http://${config.host}:${config.port}/api/v1 (database: ${where})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(keyExpiry);
    console.log(`${signal}: stopping the API`);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const forced = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    await closed;
    clearTimeout(forced);
    await messaging.stop();
    await closeRefusalTallies(db);
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

await main();
