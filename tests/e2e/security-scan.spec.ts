/**
 * A scan of the running stack, as a person uses it: every answer the browser
 * gets from the app's origin (pages, scripts, the API, the identity service
 * behind /identity) carries the hardening headers and no CORS for any origin
 * or cookie; and what the browser keeps while a member of staff looks at
 * clients (local and session storage, IndexedDB, the service worker's caches)
 * holds no client's name, e-mail or phone in readable form.
 */
import type { Page, Response } from '@playwright/test';
import { generateClients } from '../../scripts/demo/clients.ts';
import { stackConfig } from '../../scripts/stack/config.ts';
import { E2E_ENV } from '../support/e2e-env.ts';
import { DEMO_PASSWORD, expect, signIn, test, waitForSavedCache } from './fixtures.ts';

// The tests are independent and sign nobody out: the two workers may share the file.
test.describe.configure({ mode: 'parallel' });

const [FIRST, SECOND] = [generateClients(50)[24]!, generateClients(50)[32]!];
const needlesOf = (client: typeof FIRST) => [
  `${client.firstName} ${client.lastName}`,
  client.email,
  client.phone ?? '',
];

/** Every answer from the app's own origin, while `work` runs. */
async function answersDuring(page: Page, work: () => Promise<void>): Promise<Response[]> {
  const answers: Response[] = [];
  const origin = new URL(page.url() === 'about:blank' ? 'http://localhost' : page.url()).origin;
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (origin === 'http://localhost' || url.origin === origin) answers.push(response);
  });
  await work();
  return answers;
}

/** Everything the page's origin keeps in the browser, as text (binary values decoded as UTF-8 and UTF-16). */
async function everythingKept(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [];
    const text = (value: unknown): string => {
      if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
        const bytes = value instanceof ArrayBuffer ? new Uint8Array(value) : new Uint8Array(value.buffer);
        return `${new TextDecoder().decode(bytes)}\n${new TextDecoder('utf-16le').decode(bytes)}`;
      }
      if (typeof value === 'object' && value !== null) {
        return Object.entries(value as Record<string, unknown>)
          .map(([key, item]) => `${key}:${text(item)}`)
          .join('\n');
      }
      return String(value);
    };
    for (const storage of [localStorage, sessionStorage]) {
      for (let i = 0; i < storage.length; i++) parts.push(storage.key(i)!, storage.getItem(storage.key(i)!) ?? '');
    }
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(new Error(`open ${name}`));
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const values = await new Promise<unknown[]>((resolve) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result as unknown[]);
        });
        parts.push(name, store, ...values.map(text));
      }
      db.close();
    }
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        parts.push(request.url);
        const response = await cache.match(request);
        if (response?.headers.get('content-type')?.includes('json')) parts.push(await response.text());
      }
    }
    return parts.join('\n');
  });
}

test('every answer of the running stack carries the hardening headers, no CORS and no cookie', async ({ page }) => {
  test.slow();
  const answers = await answersDuring(page, async () => {
    await page.goto('/login');
    await signIn(page, 'doctor@thrive.test');
    await expect(page).toHaveURL(/\/hub$/);
    for (const path of ['/appointments', '/discovery', `/client/${FIRST.id}/profile`, '/thrive-dashboard']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });
  const kinds = new Set<string>();
  for (const answer of answers) {
    // A revalidation (304, which the browser may report as its cached 200) says "as before": the browser keeps
    // the headers of the answer it revalidated, which this scan met when it first arrived.
    const asked = await answer.request().allHeaders();
    if (answer.status() === 304 || asked['if-none-match'] || asked['if-modified-since']) continue;
    const headers = await answer.allHeaders();
    const url = new URL(answer.url());
    const kind = url.pathname.startsWith('/api/')
      ? 'api'
      : url.pathname.startsWith('/identity')
        ? 'identity'
        : answer.request().resourceType();
    kinds.add(kind);
    const where = `${answer.request().method()} ${url.pathname} (${kind}) ${JSON.stringify(headers)}`;
    expect(headers['x-content-type-options'], where).toBe('nosniff');
    // CORS for the app's own origin at most (the identity service names it), never another or `*`.
    expect([undefined, new URL(page.url()).origin], where).toContain(headers['access-control-allow-origin']);
    expect(headers['set-cookie'], where).toBeUndefined();
    expect(headers['x-powered-by'], where).toBeUndefined();
    expect(url.pathname, where).not.toMatch(/\.map$/);
    if (kind === 'document') {
      expect(headers['content-security-policy'], where).toContain("script-src 'self'");
      expect(headers['content-security-policy'], where).toContain("frame-ancestors 'none'");
      expect(headers['referrer-policy'], where).toBe('no-referrer');
      expect(headers['cross-origin-opener-policy'], where).toBe('same-origin');
    }
    if (kind === 'api') {
      expect(headers['cache-control'], where).toBe('no-store');
      expect(headers['content-security-policy'], where).toBe("default-src 'none';frame-ancestors 'none'");
    }
  }
  expect([...kinds]).toEqual(expect.arrayContaining(['document', 'script', 'api', 'identity']));
});

test('what the browser keeps while staff look at clients holds no client’s name, e-mail or phone', async ({ page }) => {
  test.slow();
  await signIn(page, 'doctor@thrive.test');
  await expect(page).toHaveURL(/\/hub$/);
  await page.evaluate(async () => navigator.serviceWorker.ready);
  for (const client of [FIRST, SECOND]) {
    await page.goto(`/client/${client.id}/profile`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Profile of ${client.firstName} ${client.lastName}`,
    );
  }
  // The hub's search, by name: its answer is on screen, and nowhere else.
  await page.goto('/hub');
  await page.getByRole('textbox', { name: 'Find a client by name, e-mail or phone' }).fill(FIRST.lastName);
  await expect(page.getByRole('list', { name: 'Matching clients' })).toContainText(FIRST.firstName);
  // The saved (encrypted) copy for offline use is written a moment after the data arrives.
  await waitForSavedCache(page);

  const kept = await everythingKept(page);
  expect(kept).toContain('thrive-vault');
  for (const needle of [...needlesOf(FIRST), ...needlesOf(SECOND)].filter(Boolean)) {
    expect(kept, `the browser keeps ${needle}`).not.toContain(needle);
  }
});

test('the identity service answers no admin call without the admin secret, through the app or on its own port', async ({
  request,
}) => {
  const stack = stackConfig(E2E_ENV);
  const call = (url: string, operation: string, body: object) =>
    request.post(url, {
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      },
      data: JSON.stringify(body),
    });
  const calls: [string, object][] = [
    ['ListUsers', { UserPoolId: stack.userPoolId }],
    [
      'AdminSetUserPassword',
      { UserPoolId: stack.userPoolId, Username: 'super@thrive.test', Password: 'Taken!2026x', Permanent: true },
    ],
    ['AdminCreateUser', { UserPoolId: stack.userPoolId, Username: 'intruder@thrive.test' }],
    [
      'AdminUpdateUserAttributes',
      { UserPoolId: stack.userPoolId, Username: 'client2@thrive.test', UserAttributes: [] },
    ],
  ];
  for (const url of ['/identity', stack.identityUrl]) {
    for (const [operation, body] of calls) {
      const answer = await call(url, operation, body);
      expect(answer.status(), `${operation} at ${url}`).toBe(403);
      expect(((await answer.json()) as { __type: string }).__type).toBe('MissingAuthenticationTokenException');
    }
  }
  // The super admin can still sign in: nothing was changed.
  const signedIn = await call('/identity', 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: stack.clientId,
    AuthParameters: { USERNAME: 'super@thrive.test', PASSWORD: DEMO_PASSWORD },
  });
  expect(signedIn.status()).toBe(200);
});
