/**
 * The API built in a test's own process (createApp) on an in-memory PGlite
 * seeded with the demo accounts, with the suite's real identity service and
 * real tokens. The test holds the database, and may put something between
 * the API and its database or its identity service (to make them fail on
 * purpose) or give it other rate limits.
 */
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_ACCOUNTS } from '../../scripts/demo/accounts.ts';
import { seedDatabase } from '../../scripts/demo/seed-database.ts';
import { identityFiles } from '../../scripts/identity/files.ts';
import { readAdminSecret } from '../../scripts/identity/keys.ts';
import { createApp } from '../../server/http/app.ts';
import { createAccessTokenVerifier } from '../../server/auth/access-token.ts';
import type { ServerConfig } from '../../server/config.ts';
import type { Database, Queryable } from '../../server/db/database.ts';
import type { AppDependencies } from '../../server/http/dependencies.ts';
import { openMigratedDatabase } from '../../server/db/migrate.ts';
import { databaseReportFiles, type ReportFiles } from '../../server/results/report-files.ts';
import { createCognitoIdentityAdmin, type IdentityAdmin } from '../../server/identity/identity-admin.ts';
import { apiClient, stack } from './api-client.ts';

export interface InProcessApi {
  /** The database itself, not what the API was given. */
  db: Database;
  /** Its base, ending in /api/v1. */
  url: string;
  api: ReturnType<typeof apiClient>;
  stop(): Promise<void>;
}

export interface InProcessOptions {
  /** What the API gets instead of the database (for failures on purpose). */
  database?: (db: Database) => Database;
  /** What the API gets instead of the identity service's admin client. */
  identityAdmin?: (real: IdentityAdmin) => IdentityAdmin;
  rateLimits?: AppDependencies['rateLimits'];
  /** The database to serve, which stop() closes; by default a new in-memory one with the demo accounts. */
  open?: () => Promise<Database>;
  /** Where the lab reports are kept; by default the database, under a key of this run's own. */
  reportFiles?: ReportFiles;
}

/**
 * Every statement the API runs on `db`, in a transaction or not, goes through
 * `intercept`, which may refuse it or pass it on with `next`.
 */
export function interceptQueries(
  db: Database,
  intercept: (sql: string, params: readonly unknown[], next: () => Promise<unknown>) => Promise<unknown>,
): Database {
  const wrap = (target: Queryable): Queryable => ({
    query<Row extends object>(sql: string, params: readonly unknown[] = []) {
      return intercept(sql, params, () => target.query<Row>(sql, params)) as Promise<Row[]>;
    },
    exec: (script) => target.exec(script),
  });
  return { ...db, ...wrap(db), transaction: (work) => db.transaction((tx) => work(wrap(tx))) };
}

export async function startInProcessApi(options: InProcessOptions = {}): Promise<InProcessApi> {
  const identity: ServerConfig['identity'] = {
    issuer: stack.issuer,
    jwksUrl: stack.jwksUrl,
    clientId: stack.clientId,
    userPoolId: stack.userPoolId,
    region: stack.region,
    endpoint: stack.identityUrl,
    localAdminSecret: readAdminSecret(identityFiles(stack.identityDir, stack.userPoolId).adminSecretFile),
  };
  const db = options.open ? await options.open() : await openMigratedDatabase({ kind: 'pglite', dataDir: null });
  if (!options.open) await seedDatabase(db, DEMO_ACCOUNTS);
  const realAdmin = createCognitoIdentityAdmin(identity);
  const app = createApp({
    db: options.database ? options.database(db) : db,
    identityAdmin: options.identityAdmin ? options.identityAdmin(realAdmin) : realAdmin,
    verifyAccessToken: createAccessTokenVerifier(identity),
    reportFiles: options.reportFiles ?? databaseReportFiles(randomBytes(32)),
    validateResponses: true,
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  return {
    db,
    url,
    api: apiClient(url),
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      await db.close();
    },
  };
}
