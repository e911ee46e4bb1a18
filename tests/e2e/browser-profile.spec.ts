/**
 * What a shared tablet's browser leaves on its disk: Chromium with a profile
 * directory of its own (as an installed browser has), a nurse signing in,
 * finding clients by name and opening their records, signing out, and the
 * browser closed. Then no file of the profile (history, sessions, caches,
 * storage, IndexedDB) holds a client's name or e-mail, in the encodings
 * Chromium writes text in; and no token in local or session storage carries
 * the nurse's own e-mail, signed in or out (the ID token lives in memory).
 */
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../scripts/demo/accounts.ts';
import { generateClients } from '../../scripts/demo/clients.ts';
import { callIdentity, passwordSignIn } from '../../scripts/identity/client.ts';
import { identityFiles } from '../../scripts/identity/files.ts';
import { stackConfig } from '../../scripts/stack/config.ts';
import { E2E_ENV } from '../support/e2e-env.ts';
import { expect, signIn, test, unlockingOnLoad } from './fixtures.ts';

const stack = stackConfig(E2E_ENV);
const CLIENTS = [generateClients(50)[24]!, generateClients(50)[32]!];
const CHOSEN_PASSWORD = 'Profile!2026x';

/**
 * A nurse of this run's own, made by the super admin and signed in once (new
 * password): signing out ends a user's sessions everywhere, so no demo
 * account another spec uses signs out here.
 */
async function newNurse(request: APIRequestContext): Promise<{ email: string; name: string }> {
  const admin = await passwordSignIn(stack.identityUrl, stack.clientId, 'super@thrive.test', DEMO_PASSWORD);
  const email = `profile.scan.${Date.now()}@thrive.test`;
  const created = await request.post('/api/v1/users/users', {
    headers: { Authorization: `Bearer ${admin.AuthenticationResult!.AccessToken}` },
    data: { email, first_name: 'Pia', last_name: 'Scanner', role: 'NURSE' },
  });
  expect(created.status()).toBe(201);
  const { Username } = (await created.json()) as { Username: string };
  const { poolFile } = identityFiles(stack.identityDir, stack.userPoolId);
  const pool = JSON.parse(await readFile(poolFile, 'utf8')) as { Users: Record<string, { Password: string }> };
  const challenge = await passwordSignIn(stack.identityUrl, stack.clientId, email, pool.Users[Username]!.Password);
  const answered = await callIdentity<{ AuthenticationResult?: unknown }>(stack.identityUrl, 'RespondToAuthChallenge', {
    ChallengeName: 'NEW_PASSWORD_REQUIRED',
    ClientId: stack.clientId,
    Session: challenge.Session,
    ChallengeResponses: { USERNAME: email, NEW_PASSWORD: CHOSEN_PASSWORD },
  });
  expect(answered.AuthenticationResult).toBeDefined();
  return { email, name: 'Pia Scanner' };
}

/** Every key and value of the page's local and session storage, and the claims of every JWT among the values. */
function keptInStorage(page: Page): Promise<{ entries: string[]; claims: Record<string, unknown>[] }> {
  return page.evaluate(() => {
    const entries: string[] = [];
    const claims: Record<string, unknown>[] = [];
    for (const storage of [localStorage, sessionStorage]) {
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i) ?? '';
        const value = storage.getItem(key) ?? '';
        entries.push(key, value);
        const payload = /^[\w-]+\.([\w-]+)\.[\w-]*$/.exec(value)?.[1];
        if (!payload) continue;
        try {
          claims.push(JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>);
        } catch {
          // Not a JWT after all.
        }
      }
    }
    return { entries, claims };
  });
}

/** Every file under `dir`. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.isFile() ? [full] : [];
  });
}

/** The files holding `needle` as UTF-8 or UTF-16 text (any case). */
function filesHolding(files: readonly string[], needle: string): string[] {
  const forms = [needle, needle.toLowerCase(), needle.toUpperCase()].flatMap((text) => [
    Buffer.from(text, 'utf8'),
    Buffer.from(text, 'utf16le'),
  ]);
  return files.filter((file) => {
    const bytes = readFileSync(file);
    return forms.some((form) => bytes.includes(form));
  });
}

test('a browser profile holds no client’s name once its nurse has signed out and the browser is closed', async ({
  playwright,
  baseURL,
  request,
}, testInfo) => {
  test.slow();
  const nurse = await newNurse(request);
  const dir = testInfo.outputPath('browser-profile');
  rmSync(dir, { recursive: true, force: true });
  const context = await playwright.chromium.launchPersistentContext(dir, {
    ...testInfo.project.use.launchOptions,
    baseURL,
  });
  try {
    const page = unlockingOnLoad(context.pages()[0] ?? (await context.newPage()));
    await signIn(page, nurse.email, CHOSEN_PASSWORD);
    await expect(page).toHaveURL(/\/hub$/);
    await page.evaluate(async () => navigator.serviceWorker.ready);
    for (const client of CLIENTS) {
      const name = `${client.firstName} ${client.lastName}`;
      // Found by name on the hub, opened from the answer.
      await page.goto('/hub');
      await page.getByRole('textbox', { name: 'Find a client by name, e-mail or phone' }).fill(name);
      await page
        .getByRole('list', { name: 'Matching clients' })
        .getByRole('link', { name: new RegExp(name) })
        .click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
      await page.goto(`/client/${client.id}/profile`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Profile of ${name}`);
    }
    // While signed in, no ID token is kept in storage: it lives in memory only. (The local identity service's
    // refresh token is a readable JWT; Cognito's is opaque.)
    const signedIn = await keptInStorage(page);
    expect(signedIn.claims.map((claims) => claims['token_use'])).toContain('access');
    expect(signedIn.claims.filter((claims) => claims['token_use'] === 'id')).toEqual([]);
    expect(signedIn.entries.filter((entry) => entry.endsWith('.idToken'))).toEqual([]);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
    // Signed out, neither storage holds a token or the nurse's e-mail.
    const signedOut = await keptInStorage(page);
    expect(signedOut.claims).toEqual([]);
    expect(signedOut.entries.filter((entry) => entry.toLowerCase().includes(nurse.email))).toEqual([]);
  } finally {
    await context.close();
  }

  const files = filesUnder(dir);
  expect(files.length).toBeGreaterThan(10);
  expect(files.reduce((size, file) => size + statSync(file).size, 0)).toBeGreaterThan(100_000);
  // The control: the app's address is there (the history), so the search reads what Chromium wrote.
  expect(filesHolding(files, new URL(baseURL!).host).length).toBeGreaterThan(0);
  for (const client of CLIENTS) {
    for (const needle of [`${client.firstName} ${client.lastName}`, client.lastName, client.email]) {
      expect(filesHolding(files, needle), `profile files holding ${needle}`).toEqual([]);
    }
  }
  rmSync(dir, { recursive: true, force: true });
});
