/**
 * Puts demo accounts into the API's database: a user row and a profile for
 * every account that has a profile (norole@ has neither: the clinic never gave
 * it a role), and last year's finished program enrollment for every client. Ids are derived
 * from the accounts, so seeding again adds only what is missing.
 * Rows go in batches as one JSON parameter each: 10,000 clients take seconds.
 */
import type { Database } from '../../server/db/database.ts';
import { DEMO_CLINIC, type DemoAccount } from './accounts.ts';
import { stableUuid } from './stable-id.ts';

const BATCH_SIZE = 2_000;
/** When the consenting demo accounts signed, fixed so the data is the same on every machine. */
const DEMO_CONSENT_DATE = '2026-01-05T09:30:00.000Z';
const PROGRAMS = [
  'thrive_foundations',
  'metabolic_reset',
  'longevity',
  'cognitive_performance',
  'iv_wellness',
  'hbot_recovery',
];
/**
 * Each client's finished enrollment of last year; the current ones are dated from the day the stack starts
 * and written with the demo week (programs.ts).
 */
const ENROLLMENTS_PER_CLIENT = 1;

export interface SeedSummary {
  users: number;
  profiles: number;
  enrollments: number;
}

function batches<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH_SIZE) result.push(items.slice(i, i + BATCH_SIZE));
  return result;
}

/** A number from 0 to n-1 that depends only on the text. */
function choose(text: string, n: number): number {
  return parseInt(stableUuid(text).slice(0, 8), 16) % n;
}

function demoEnrollments(client: DemoAccount) {
  return Array.from({ length: ENROLLMENTS_PER_CLIENT }, (_, index) => {
    const key = `thrive-demo-enrollment:${client.id}:${index}`;
    const month = 1 + choose(`${key}:month`, 12);
    const startDate = `${2025 + index}-${String(month).padStart(2, '0')}-01`;
    const finished = index === 0;
    return {
      id: stableUuid(key),
      user_id: client.id,
      program: PROGRAMS[choose(`${key}:program`, PROGRAMS.length)],
      status: finished ? 'completed' : 'active',
      start_date: startDate,
      end_date: finished ? `${2025 + index}-12-31` : null,
    };
  });
}

/** Inserts what is missing of `accounts`; returns how many rows of each kind were added. */
export async function seedDatabase(db: Database, accounts: readonly DemoAccount[]): Promise<SeedSummary> {
  const withProfile = accounts.filter((account) => account.hasProfile);
  const summary: SeedSummary = { users: 0, profiles: 0, enrollments: 0 };
  await db.transaction(async (tx) => {
    for (const batch of batches(withProfile)) {
      const users = batch.map((account) => ({
        id: account.id,
        email: account.email.toLowerCase(),
        role: account.role,
      }));
      summary.users += (
        await tx.query(
          `INSERT INTO users (id, email, role)
           SELECT id, email, role FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, email text, role text)
           ON CONFLICT DO NOTHING RETURNING id`,
          [JSON.stringify(users)],
        )
      ).length;

      const profiles = batch.map((account) => ({
        client_id: account.id,
        first_name: account.firstName,
        last_name: account.lastName,
        gender: account.gender,
        date_of_birth: account.dateOfBirth,
        phone_number: account.phone,
        clinic: DEMO_CLINIC,
        hipaa_consent: account.hipaaConsent,
        hipaa_consent_date: account.hipaaConsent ? DEMO_CONSENT_DATE : null,
        hipaa_consent_version: account.hipaaConsent ? '1.0' : null,
      }));
      summary.profiles += (
        await tx.query(
          `INSERT INTO profiles (client_id, first_name, last_name, gender, date_of_birth, phone_number, clinic,
                                 hipaa_consent, hipaa_consent_date, hipaa_consent_version)
           SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(
             client_id uuid, first_name text, last_name text, gender text, date_of_birth date, phone_number text,
             clinic text, hipaa_consent boolean, hipaa_consent_date timestamptz, hipaa_consent_version text)
           ON CONFLICT DO NOTHING RETURNING client_id`,
          [JSON.stringify(profiles)],
        )
      ).length;

      const enrollments = batch.filter((account) => account.role === 'CLIENT').flatMap(demoEnrollments);
      if (enrollments.length === 0) continue;
      summary.enrollments += (
        await tx.query(
          `INSERT INTO enrollments (id, user_id, program, status, start_date, end_date)
           SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(
             id uuid, user_id uuid, program text, status text, start_date date, end_date date)
           ON CONFLICT DO NOTHING RETURNING id`,
          [JSON.stringify(enrollments)],
        )
      ).length;
    }
  });
  // Fresh statistics, so the planner uses the search indexes right away on a large seed.
  if (summary.users > 0) await db.exec('ANALYZE users; ANALYZE profiles; ANALYZE enrollments');
  return summary;
}
