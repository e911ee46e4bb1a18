/**
 * Demo data of the local stack: the demo accounts and generated clients, in the
 * identity service and in the API's database alike (same ids on both sides).
 *
 * `npm start` calls ensureDemoData, which seeds a new DATA_DIR once.
 * `npm run seed -- --clients N` makes sure N generated clients exist (up to
 * 10,000), for scale tests; run it while the stack is stopped, since the
 * embedded database and the emulator's store have one writer each.
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { configFromStack } from '../stack/config.ts';
import { openMigratedDatabase } from '../../server/db/migrate.ts';
import { addIdentityUsers, seedIdentity } from '../identity/seed.ts';
import { stackConfig, type StackConfig } from '../stack/config.ts';
import { stackIsRunning } from '../stack/running.ts';
import { DEMO_ACCOUNTS, type DemoAccount } from './accounts.ts';
import { generateClients } from './clients.ts';
import { seedDatabase } from './seed-database.ts';
import { writeDemoWeek } from './demo-week.ts';
import { DEMO_CLINICS, seedScheduleCatalog } from './schedule.ts';
import { seedDemoSupport } from './support.ts';
import { seedSmsReminders } from './messaging.ts';
import { wallClockAt } from '@contract';
import { demoAccount } from './accounts.ts';
import { LOW_WELLBEING_CLIENT, planDemoAssessments, writeDemoAssessments } from './assessments.ts';
import { planDemoResults, writeDemoResults } from './results.ts';
import { reportFilesOf } from '../../server/results/report-files.ts';

/** Clients a new DATA_DIR starts with. */
export const DEFAULT_DEMO_CLIENTS = 50;
export const MAX_DEMO_CLIENTS = 10_000;

const markerFile = (config: StackConfig) => path.join(config.dataDir, 'seeded.json');

async function seedDatabaseWith(config: StackConfig, accounts: readonly DemoAccount[]) {
  const db = await openMigratedDatabase(configFromStack(config).database);
  try {
    return await seedDatabase(db, accounts);
  } finally {
    await db.close();
  }
}

const scheduleMarkerFile = (config: StackConfig) => path.join(config.dataDir, 'schedule.json');

/**
 * Seeds a new DATA_DIR; leaves the accounts of one that was seeded before as
 * they are (deleted demo users stay deleted). The demo schedule is written
 * again whenever the day at the demo clinic is not the one it was written for.
 */
export async function ensureDemoData(config: StackConfig, now = new Date()): Promise<void> {
  if (!existsSync(markerFile(config))) {
    mkdirSync(config.dataDir, { recursive: true });
    const accounts = [...DEMO_ACCOUNTS, ...generateClients(DEFAULT_DEMO_CLIENTS)];
    await seedIdentity(config, accounts);
    await seedDatabaseWith(config, accounts);
    writeFileSync(markerFile(config), JSON.stringify({ seededAt: now.toISOString() }) + '\n');
  }
  await ensureDemoSchedule(config, now);
}

async function ensureDemoSchedule(config: StackConfig, now: Date): Promise<void> {
  const day = wallClockAt(now, DEMO_CLINICS[0]!.timeZone).date;
  const marker = scheduleMarkerFile(config);
  const db = await openMigratedDatabase(configFromStack(config).database);
  try {
    // Every start: the catalog only adds what is missing (a newer release's services, tests and contacts).
    await seedScheduleCatalog(db);
    // Messages to the clinic, written once: the hub's open messages and a client's conversation.
    await seedDemoSupport(db, now, generateClients(DEFAULT_DEMO_CLIENTS));
    if (existsSync(marker) && (JSON.parse(readFileSync(marker, 'utf8')) as { day?: string }).day === day) return;
    // Only clients the database still holds (a demo user may have been deleted).
    const present = new Set(
      (await db.query<{ id: string }>("SELECT id FROM users WHERE role = 'CLIENT'")).map((row) => row.id),
    );
    const clients = generateClients(DEFAULT_DEMO_CLIENTS).filter((client) => present.has(client.id));
    const featured = demoAccount('client2@thrive.test');
    if (present.has(featured.id)) await seedSmsReminders(db, featured.id);
    if (clients.length > 0 && present.has(featured.id)) await writeDemoWeek(db, now, clients, featured);
    // Their Thrive checks and cognitive baseline, dated from today like the week.
    const low = generateClients(DEFAULT_DEMO_CLIENTS)[LOW_WELLBEING_CLIENT];
    if (low && present.has(featured.id)) {
      await db.transaction((tx) => writeDemoAssessments(tx, planDemoAssessments(now, featured, low)));
    }
    // Lab results (some pending, one critical) and advice, dated from today like the week.
    if (present.has(featured.id)) {
      const reportFiles = reportFilesOf(configFromStack(config).reportFiles);
      await db.transaction((tx) => writeDemoResults(tx, planDemoResults(now, featured, clients), reportFiles));
    }
  } finally {
    await db.close();
  }
  writeFileSync(marker, JSON.stringify({ day, writtenAt: now.toISOString() }) + '\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { clients: { type: 'string', default: String(DEFAULT_DEMO_CLIENTS) } } });
  const count = Number(values.clients);
  if (!Number.isInteger(count) || count < 0 || count > MAX_DEMO_CLIENTS) {
    console.error(`--clients takes a whole number from 0 to ${MAX_DEMO_CLIENTS}.`);
    process.exit(2);
  }
  const config = stackConfig();
  if (stackIsRunning(config.dataDir)) {
    console.error(`The stack is running on ${config.dataDir}: stop it (Ctrl-C) before seeding.`);
    process.exit(1);
  }
  await ensureDemoData(config);
  const clients = generateClients(count);
  const identity = await addIdentityUsers(config, clients);
  const database = await seedDatabaseWith(config, clients);
  console.log(
    `${count} generated clients present: ${identity.added} added to the identity service, ` +
      `${database.profiles} profiles and ${database.enrollments} enrollments added to the database.`,
  );
}

if (import.meta.filename === process.argv[1]) await main();
