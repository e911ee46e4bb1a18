import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from './accounts.ts';
import { demoClientEmail, generateClients } from './clients.ts';

describe('generateClients', () => {
  it('gives the same clients for the same seed, and others for another', () => {
    expect(generateClients(20)).toEqual(generateClients(20));
    expect(generateClients(20, 7)).not.toEqual(generateClients(20));
  });

  it('makes ready clients with unique e-mails and ids, E.164 phones and plausible birth dates', () => {
    const clients = generateClients(2_000);
    expect(new Set(clients.map((client) => client.email)).size).toBe(2_000);
    expect(new Set(clients.map((client) => client.id)).size).toBe(2_000);
    expect(clients[0]!.email).toBe(demoClientEmail(1));
    expect(demoClientEmail(1)).toBe('client-0001@thrive.test');
    for (const client of clients) {
      expect(client).toMatchObject({ role: 'CLIENT', state: 'ready', hasProfile: true });
      expect(client.phone).toMatch(/^\+[1-9][0-9]{6,14}$/);
      expect(client.dateOfBirth! >= '1950-01-01' && client.dateOfBirth! <= '2005-12-31').toBe(true);
    }
    expect(new Set(clients.map((client) => client.lastName)).size).toBeGreaterThan(30);
  });

  it('does not collide with the demo accounts', () => {
    const demoEmails = new Set(DEMO_ACCOUNTS.map((account) => account.email));
    expect(generateClients(100).some((client) => demoEmails.has(client.email))).toBe(false);
  });
});
