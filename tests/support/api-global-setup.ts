/**
 * The API suite's stack, started once for all its files: the real identity
 * service (cognito-local behind our proxy) and the reference API as a child
 * process (`node --import tsx server/main.ts`), on their own ports and in a
 * temporary data directory, seeded with the demo accounts and generated
 * clients. With DATABASE_URL set the API uses that PostgreSQL (emptied of
 * Thrive's tables first) instead of the embedded PGlite. The `api-instances`
 * project runs three API processes on PostgreSQL behind the production front
 * (front/), and the tests call them through it, or each one by its own URL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { DEMO_ACCOUNTS } from '../../scripts/demo/accounts.ts';
import { generateClients } from '../../scripts/demo/clients.ts';
import { seedDatabase } from '../../scripts/demo/seed-database.ts';
import { seedScheduleCatalog } from '../../scripts/demo/schedule.ts';
import { seedIdentity } from '../../scripts/identity/seed.ts';
import { configFromStack, stackConfig } from '../../scripts/stack/config.ts';
import { startBackend } from '../../scripts/stack/backend.ts';
import { createFront } from '../../front/server.ts';
import { NO_BUILD } from '../../front/static-files.ts';
import { openDatabase } from '../../server/db/database.ts';
import { openMigratedDatabase } from '../../server/db/migrate.ts';
import type { ApiTestStack } from './api-stack.ts';

/** Ports away from a developer's `npm start` (4173) and the end-to-end stack (14173); API_TEST_PORT moves them. */
const TEST_PORT = process.env.API_TEST_PORT || '24173';
/** Enough clients for paging and search to mean something, few enough to seed in a moment. */
const GENERATED_CLIENTS = 120;

/** Empties the PostgreSQL database the suite was given to use (its owner's schema), so every run starts alike. */
async function emptyPostgres(url: string): Promise<void> {
  const db = await openDatabase({ kind: 'postgres', url });
  try {
    await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
  } finally {
    await db.close();
  }
}

/** The processes of the `api-instances` project: enough for round-robin to mean something. */
const INSTANCES = 3;

/** The production front, in this process, in front of the API processes (it serves no build here). */
async function startFront(port: number, apiUrls: string[]): Promise<() => Promise<void>> {
  const front = createFront({ build: NO_BUILD, apiUpstreams: apiUrls });
  await new Promise<void>((resolve, reject) => {
    front.server.once('error', reject);
    front.server.listen(port, '127.0.0.1', resolve);
  });
  return async () => {
    await new Promise((resolve) => front.server.close(resolve));
    front.closeUpstreams();
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const instances = project.name === 'api-instances' ? INSTANCES : 1;
  if (instances > 1 && !process.env.DATABASE_URL) {
    throw new Error('The api-instances project needs DATABASE_URL: several API processes share one PostgreSQL.');
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'thrive-api-tests-'));
  const stack = stackConfig({
    DATA_DIR: dataDir,
    PORT: TEST_PORT,
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    API_INSTANCES: String(instances),
  });
  const accounts = [...DEMO_ACCOUNTS, ...generateClients(GENERATED_CLIENTS)];
  const cleanups: (() => Promise<void>)[] = [];
  let apiUrl = `${stack.apiUrl}/api/v1`;
  let instanceUrls: string[];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error(error));
    if (!process.env.KEEP_API_TEST_DATA) await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await seedIdentity(stack, accounts);
    if (stack.databaseUrl) await emptyPostgres(stack.databaseUrl);
    const db = await openMigratedDatabase(configFromStack(stack).database);
    try {
      await seedDatabase(db, accounts);
      // The clinics, resources and services; the tests book their own appointments.
      await seedScheduleCatalog(db);
    } finally {
      await db.close();
    }

    const backend = await startBackend(stack, {
      // The suite calls as fast as it can (the fuzz test thousands of times): limits far above it. Each limit is
      // proven on its own in rate-limits.test.ts; with several processes, the list limit keeps its real size, to
      // be proven across them (tests/instances).
      apiEnv: {
        API_VALIDATE_RESPONSES: 'true',
        API_RATE_LIMIT_LIST: instances > 1 ? '' : '100000/60',
        API_RATE_LIMIT_SEARCH: '100000/60',
        API_RATE_LIMIT_WRITE: '100000/60',
        API_RATE_LIMIT_UNAUTHENTICATED: '100000/60',
        // Every refusal its own record: the files read their own refusals back, one by one.
        API_REFUSAL_TALLY_SECONDS: '0',
      },
      apiLogFile: path.join(dataDir, 'api.log'),
    });
    cleanups.push(() => backend.stop());
    instanceUrls = backend.apiUrls.map((url) => `${url}/api/v1`);
    if (instances > 1) {
      cleanups.push(await startFront(stack.appPort, backend.apiUrls));
      apiUrl = `http://127.0.0.1:${stack.appPort}/api/v1`;
    }
  } catch (error) {
    await teardown();
    throw error;
  }

  const provided: ApiTestStack = {
    apiUrl,
    instanceUrls,
    identityUrl: stack.identityUrl,
    issuer: stack.issuer,
    jwksUrl: stack.jwksUrl,
    clientId: stack.clientId,
    userPoolId: stack.userPoolId,
    region: stack.region,
    identityDir: stack.identityDir,
    databaseUrl: stack.databaseUrl ?? null,
    generatedClients: GENERATED_CLIENTS,
    mailUrl: `http://127.0.0.1:${stack.mailWebPort}`,
  };
  project.provide('apiStack', provided);
  return teardown;
}
