import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { openTestDatabase } from '../../server/db/test-database.ts';
import { DEMO_ACCOUNTS, demoAccount } from './accounts.ts';
import { generateClients } from './clients.ts';
import { seedDatabase } from './seed-database.ts';

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
});

afterAll(async () => {
  await db.close();
});

describe('seedDatabase', () => {
  it('adds users and profiles for accounts with a profile, and enrollments for clients, once', async () => {
    const accounts = [...DEMO_ACCOUNTS, ...generateClients(30)];
    const withProfile = accounts.filter((account) => account.hasProfile).length;
    const clients = accounts.filter((account) => account.hasProfile && account.role === 'CLIENT').length;
    expect(await seedDatabase(db, accounts)).toEqual({
      users: withProfile,
      profiles: withProfile,
      enrollments: clients,
    });
    expect(await seedDatabase(db, accounts)).toEqual({ users: 0, profiles: 0, enrollments: 0 });
  });

  it('gives norole no row at all', async () => {
    expect(await db.query('SELECT id FROM users WHERE id = $1', [demoAccount('norole@thrive.test').id])).toEqual([]);
  });

  it('keeps the consent the demo accounts describe', async () => {
    const rows = await db.query<{ email: string; hipaa_consent: boolean; hipaa_consent_version: string | null }>(
      `SELECT u.email, p.hipaa_consent, p.hipaa_consent_version FROM users u JOIN profiles p ON p.client_id = u.id
       WHERE u.email IN ('client@thrive.test', 'client2@thrive.test') ORDER BY u.email`,
    );
    expect(rows).toEqual([
      { email: 'client2@thrive.test', hipaa_consent: true, hipaa_consent_version: '1.0' },
      { email: 'client@thrive.test', hipaa_consent: false, hipaa_consent_version: null },
    ]);
  });
});
