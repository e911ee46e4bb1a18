/**
 * Routes of spec section 2 and roles of section 6, through the guarded-route
 * gate of section 4, in the browser: a sample of the matrix as a person sees
 * it (headings, redirects, the carried location), deep links restored after
 * sign-in, redirect targets, and the gate's spinner. The expected outcomes are
 * written out here by hand from the spec; they are deliberately not read from
 * the app's role table, so a wrong table fails this file.
 *
 * Each account signs in once per worker; its tokens (Amplify keeps them in
 * localStorage) are reused through Playwright's storage state.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { CLIENT_ID, CLIENT_NAME, EMAIL, ROUTES, STAFF_ID, type Group, type Who } from './demo-routes.ts';
import { DEMO_PASSWORD, expect, test as base, unlockingOnLoad, unlocksWith } from './fixtures.ts';

/**
 * Where each role ends up, by hand from the spec: 'enter' stays on the route;
 * 'login' and 'unauthorized' carry the requested location; 'own home' is the
 * client's own `/user/home/{clientId}` (a client on another client's id).
 */
type Outcome = 'enter' | 'login' | 'unauthorized' | 'own home';

const STAFF_ROLE = {
  portal: 'unauthorized',
  'another client': 'unauthorized',
  staff: 'enter',
  admin: 'unauthorized',
} as const;

const EXPECTED: Record<Who, Record<Group, Outcome>> = {
  'signed out': { portal: 'login', 'another client': 'login', staff: 'login', admin: 'login' },
  'no role': { portal: 'unauthorized', 'another client': 'unauthorized', staff: 'unauthorized', admin: 'unauthorized' },
  SUPER_ADMIN: { portal: 'enter', 'another client': 'enter', staff: 'enter', admin: 'enter' },
  ADMIN: { portal: 'unauthorized', 'another client': 'unauthorized', staff: 'unauthorized', admin: 'enter' },
  NURSE: STAFF_ROLE,
  RECEPTION: STAFF_ROLE,
  DOCTOR: STAFF_ROLE,
  HEALTH_COACH: STAFF_ROLE,
  NUTRITIONIST: STAFF_ROLE,
  CLIENT: { portal: 'enter', 'another client': 'own home', staff: 'unauthorized', admin: 'unauthorized' },
};

/** Where `/` takes each of them (spec section 2), with the heading shown there. */
const HOME: Record<Who, { path: string; heading: string }> = {
  'signed out': { path: '/login', heading: 'Thrive' },
  'no role': { path: '/unauthorized', heading: 'Unauthorized' },
  SUPER_ADMIN: { path: '/hub', heading: 'Hub' },
  ADMIN: { path: '/backoffice', heading: 'Backoffice' },
  NURSE: { path: '/hub', heading: 'Hub' },
  RECEPTION: { path: '/hub', heading: 'Hub' },
  DOCTOR: { path: '/hub', heading: 'Hub' },
  HEALTH_COACH: { path: '/hub', heading: 'Hub' },
  NUTRITIONIST: { path: '/hub', heading: 'Hub' },
  CLIENT: { path: `/user/home/${CLIENT_ID}`, heading: 'Home' },
};

/** Paths that are not routes: each goes to `/` (for a client, on to their home). */
const UNKNOWN_PATHS = ['/no-such-page', '/user/home', '/client/acupuncture/x/visit/y', '/users/a/b'];

// ---------------------------------------------------------------------------

/** Sign-in state per account, made once per worker. */
const savedStates = new Map<string, ReturnType<BrowserContext['storageState']>>();

async function submitSignIn(page: Page, email: string): Promise<void> {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

function signedInState(browser: Browser, baseURL: string, email: string) {
  let state = savedStates.get(email);
  if (!state) {
    state = (async () => {
      const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
      const page = unlockingOnLoad(await context.newPage());
      await page.goto('/login');
      await submitSignIn(page, email);
      await page.waitForURL((url) => url.pathname !== '/login');
      // IndexedDB too: the person's wrapped data key, which their password unlocks on every page load.
      const saved = await context.storageState({ indexedDB: true });
      await context.close();
      return saved;
    })();
    savedStates.set(email, state);
  }
  return state;
}

const test = base.extend<{ who: Who }>({
  who: ['signed out', { option: true }],
  storageState: async ({ who, browser, baseURL }, use) => {
    await use(who === 'signed out' ? undefined : await signedInState(browser, baseURL!, EMAIL[who]));
  },
  page: async ({ page, who }, use) => {
    await use(who === 'signed out' ? page : unlocksWith(page));
  },
});

// The tests share nothing but each worker's saved sign-ins, so both workers can take them.
test.describe.configure({ mode: 'parallel' });
// No test here is about the service worker, and installing it in each fresh browser precaches every chunk.
test.use({ serviceWorkers: 'block' });

function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Waits until the app has settled on `path`, looking often: the gate answers in about 150 ms. */
async function expectPath(page: Page, path: string, message?: string): Promise<void> {
  await expect.poll(() => pathOf(page), { message, intervals: [25] }).toBe(path);
}

/**
 * Opens `path` inside the running app, as the browser's back and forward
 * buttons do: the router runs every guard again, without a full page load.
 */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Opens `path`, by typing it (a full load) or inside the app, and checks
 * where the user ends up.
 */
async function expectOutcome(
  page: Page,
  how: 'typed' | 'in app',
  path: string,
  heading: string,
  outcome: Outcome,
  label: string,
) {
  if (how === 'typed') await page.goto(path);
  else await navigateInApp(page, path);
  const h1 = page.getByRole('heading', { level: 1 });
  switch (outcome) {
    case 'enter':
      await expect(h1, label).toHaveText(heading);
      expect(pathOf(page), label).toBe(path);
      break;
    case 'own home':
      await expectPath(page, `/user/home/${CLIENT_ID}`, label);
      await expect(h1, label).toHaveText('Home');
      break;
    case 'login':
    case 'unauthorized': {
      await expectPath(page, `/${outcome}`, label);
      await expect(h1, label).toHaveText(outcome === 'login' ? 'Thrive' : 'Unauthorized');
      expect(new URL(page.url()).searchParams.get('redirect'), `${label}: the requested location is carried`).toBe(
        path,
      );
      break;
    }
  }
}

/**
 * What a person sees at a sample of the matrix (the whole of it, every route
 * for every role, runs in src/app/route-matrix.test.ts): each role group's
 * screens by typed URL and by navigating inside the app, where each ends.
 */
const SAMPLE: readonly { who: Who; group: Group; count: number }[] = [
  { who: 'signed out', group: 'staff', count: 2 },
  { who: 'no role', group: 'portal', count: 1 },
  { who: 'NURSE', group: 'staff', count: ROUTES.filter((route) => route.group === 'staff').length },
  { who: 'NURSE', group: 'admin', count: 1 },
  { who: 'ADMIN', group: 'admin', count: 3 },
  { who: 'ADMIN', group: 'staff', count: 1 },
  { who: 'CLIENT', group: 'portal', count: 10 },
  { who: 'CLIENT', group: 'another client', count: 1 },
  { who: 'SUPER_ADMIN', group: 'another client', count: 1 },
];

test.describe('roles and routes, as a person sees them', () => {
  for (const { who, group, count } of SAMPLE) {
    test.describe(who, () => {
      test.use({ who });

      test(`${group} routes: ${EXPECTED[who][group]}`, async ({ page, allowConsoleError }) => {
        // The sample's visit id is no visit the server holds: its screens ask, and hear 404.
        allowConsoleError(/status of 404 \(Not Found\)/);
        const routes = ROUTES.filter((candidate) => candidate.group === group).slice(0, count);
        // Up to four seconds a screen on a busy machine: the longest walk (every staff route) gets its share.
        test.setTimeout(Math.max(30_000, routes.length * 4_000));
        // The first by typed URL, every other one by navigating inside the app from where the last one ended.
        for (const [index, route] of routes.entries()) {
          const how = index === 0 ? 'typed' : 'in app';
          const label = `${who} at ${route.path} (${how})`;
          await expectOutcome(page, how, route.path, route.heading, EXPECTED[who][group], label);
        }
      });
    });
  }

  for (const who of ['signed out', 'no role', 'ADMIN', 'NURSE', 'CLIENT'] as const) {
    test.describe(who, () => {
      test.use({ who });

      test(`/ and unknown paths go to ${HOME[who].path}`, async ({ page }) => {
        for (const [index, path] of ['/', ...UNKNOWN_PATHS].entries()) {
          if (index === 0) await page.goto(path);
          else await navigateInApp(page, path);
          await expectPath(page, HOME[who].path, `${who} at ${path}`);
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOME[who].heading);
        }
      });
    });
  }
});

test.describe('deep links survive sign-in', () => {
  test('signed out, /appointments, sign in as a nurse: back on /appointments', async ({ page }) => {
    await page.goto('/appointments');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fappointments$/);
    await submitSignIn(page, EMAIL.NURSE);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Appointments');
    expect(pathOf(page)).toBe('/appointments');
  });

  test('signed out, /users/{username}, sign in as an admin: back on that user', async ({ page }) => {
    await page.goto(`/users/${STAFF_ID}`);
    await expectPath(page, '/login');
    await submitSignIn(page, EMAIL.ADMIN);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nina Thomas');
    expect(pathOf(page)).toBe(`/users/${STAFF_ID}`);
  });
});

test.describe('a redirect target is followed only when it is a same-origin path', () => {
  const UNSAFE = [
    '//evil.example',
    '//evil.example/hub',
    'https://evil.example',
    'javascript:alert(1)',
    '/\\evil.example',
  ];

  test.describe('signed in', () => {
    test.use({ who: 'NURSE' });

    test('a same-origin path is followed', async ({ page }) => {
      await page.goto(`/login?redirect=${encodeURIComponent('/discovery')}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Discovery');
      expect(pathOf(page)).toBe('/discovery');
    });

    for (const target of UNSAFE) {
      test(`${target} is not followed`, async ({ page }) => {
        const offsite: string[] = [];
        page.on('request', (request) => {
          if (new URL(request.url()).hostname.includes('evil')) offsite.push(request.url());
        });
        let dialog = false;
        page.on('dialog', (opened) => {
          dialog = true;
          void opened.dismiss();
        });
        await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hub');
        expect(new URL(page.url()).hostname).toBe('localhost');
        expect(pathOf(page)).toBe('/hub');
        expect(offsite).toEqual([]);
        expect(dialog).toBe(false);
      });
    }
  });

  test('signing in with an off-site target lands on the home of the role', async ({ page }) => {
    await page.goto(`/login?redirect=${encodeURIComponent('https://evil.example/phish')}`);
    await submitSignIn(page, EMAIL.DOCTOR);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hub');
    expect(new URL(page.url()).hostname).toBe('localhost');
  });
});

test.describe('the gate shows its spinner for 150 ms and never the guarded content', () => {
  /**
   * Records, from the first byte of the page, every moment the spinner shows
   * and every time a heading with `text` enters the DOM (even if removed in
   * the same tick).
   */
  async function watch(page: Page, text: string) {
    await page.addInitScript((guarded: string) => {
      const record = { spinnerAt: [] as number[], leftAt: [] as number[], guardedSeen: false };
      (window as unknown as { __gate: typeof record }).__gate = record;
      let path = location.pathname;
      let spinner = false;
      const holds = (node: Node) =>
        node instanceof Element &&
        [node, ...Array.from(node.querySelectorAll('h1, h2'))].some(
          (element) => /^H[12]$/.test(element.tagName) && element.textContent?.trim() === guarded,
        );
      new MutationObserver((mutations) => {
        for (const mutation of mutations) {
          if (Array.from(mutation.addedNodes).some(holds)) record.guardedSeen = true;
        }
        const now = document.querySelector('[aria-label="Loading"]') !== null;
        if (now && !spinner) record.spinnerAt.push(performance.now());
        spinner = now;
        if (location.pathname !== path) {
          path = location.pathname;
          record.leftAt.push(performance.now());
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    }, text);
  }

  const gate = (page: Page) =>
    page.evaluate(
      () => (window as unknown as { __gate: { spinnerAt: number[]; leftAt: number[]; guardedSeen: boolean } }).__gate,
    );

  test.describe('a nurse and the backoffice', () => {
    test.use({ who: 'NURSE' });

    test('typed URL: spinner, then /unauthorized; the backoffice never renders', async ({ page }) => {
      await watch(page, 'Backoffice');
      await page.goto('/backoffice');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unauthorized');
      const record = await gate(page);
      expect(record.spinnerAt.length).toBeGreaterThan(0);
      expect(record.guardedSeen).toBe(false);
    });

    test('in-app navigation: the spinner holds for 150 ms before the redirect', async ({ page }) => {
      await watch(page, 'Backoffice');
      await page.goto('/hub');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hub');
      const before = await gate(page);
      await navigateInApp(page, '/backoffice');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unauthorized');
      const after = await gate(page);
      const shown = after.spinnerAt.slice(before.spinnerAt.length);
      expect(shown.length, 'the gate showed its spinner').toBeGreaterThan(0);
      const redirectedAt = after.leftAt.at(-1)!;
      // Timers never fire early; a little slack for how the frames fall.
      expect(redirectedAt - shown[0]!).toBeGreaterThanOrEqual(140);
      expect(after.guardedSeen).toBe(false);
    });
  });

  test.describe('a client and the hub', () => {
    test.use({ who: 'CLIENT' });

    test('the hub never renders for a client', async ({ page }) => {
      await watch(page, 'Hub');
      await page.goto('/hub');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unauthorized');
      const record = await gate(page);
      expect(record.spinnerAt.length).toBeGreaterThan(0);
      expect(record.guardedSeen).toBe(false);
    });
  });

  test('a signed-out visitor never sees the appointments', async ({ page }) => {
    await watch(page, 'Appointments');
    await page.goto('/appointments');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thrive');
    expect((await gate(page)).guardedSeen).toBe(false);
  });
});

test.describe('the user list is prefetched for non-client users only', () => {
  /** `GET users/users` itself, not `users/users/{id}`. */
  const isUserList = (url: string) => new URL(url).pathname.endsWith('/api/v1/users/users');

  async function signInWatching(page: Page, email: string) {
    const lists: string[] = [];
    page.on('request', (request) => {
      if (isUserList(request.url())) lists.push(new URL(request.url()).search);
    });
    await page.goto('/login');
    await submitSignIn(page, email);
    // Later loads by address ask for the password first.
    unlocksWith(page);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Thrive');
    return lists;
  }

  test('a client session never asks for it', async ({ page }) => {
    const lists = await signInWatching(page, EMAIL.CLIENT);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home');
    // Around the portal, and a try at the staff screens.
    await page.getByRole('link', { name: 'Reports' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reports');
    await page.goto('/discovery');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unauthorized');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home');
    expect(lists).toEqual([]);
  });

  test('a nurse gets the clients, the one list staff may read', async ({ page }) => {
    const lists = await signInWatching(page, EMAIL.NURSE);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hub');
    await expect.poll(() => lists).toContain('?role=CLIENT');
  });

  test('an admin gets everyone', async ({ page }) => {
    const lists = await signInWatching(page, EMAIL.ADMIN);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Backoffice');
    await expect.poll(() => lists).toContain('');
  });
});

test.describe('every screen is reachable by navigation', () => {
  test.describe('staff', () => {
    test.use({ who: 'NURSE' });

    test('hub, appointments, discovery, a client, details with the risk panel, profile, dashboard', async ({
      page,
    }) => {
      await page.goto('/');
      const h1 = page.getByRole('heading', { level: 1 });
      await expect(h1).toHaveText('Hub');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Backoffice' })).toHaveCount(0);
      await nav.getByRole('link', { name: 'Appointments' }).click();
      await expect(h1).toHaveText('Appointments');
      await nav.getByRole('link', { name: 'Thrive dashboard' }).click();
      await expect(h1).toHaveText('Thrive dashboard');
      await nav.getByRole('link', { name: 'Discovery' }).click();
      await expect(h1).toHaveText('Discovery');
      await page.getByRole('combobox', { name: 'Find a client' }).fill(CLIENT_NAME);
      await page.getByRole('option', { name: new RegExp(CLIENT_NAME) }).click();
      await expect(h1).toHaveText(CLIENT_NAME);
      expect(pathOf(page)).toBe(`/client/discovery/${CLIENT_ID}`);
      await page.getByRole('link', { name: 'Details', exact: true }).click();
      await expect(h1).toHaveText(`Details of ${CLIENT_NAME}`);
      // The risk panel, prefilled from the profile: Daniel is male, born 1979-09-30.
      const panel = page.getByRole('region', { name: 'Cardiovascular risk' });
      await expect(panel).toBeVisible();
      await expect(
        panel.getByRole('radiogroup', { name: 'Sex' }).getByRole('radio', { name: 'Male', exact: true }),
      ).toBeChecked();
      const age = Math.floor((Date.now() - Date.parse('1979-09-30')) / (365.25 * 24 * 3600 * 1000));
      await expect(panel.getByLabel('Age (years)')).toHaveValue(String(age));
      await page.getByRole('link', { name: 'Profile', exact: true }).click();
      await expect(h1).toHaveText(`Profile of ${CLIENT_NAME}`);
      // The breadcrumb leads back.
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Hub' }).click();
      await expect(h1).toHaveText('Hub');
    });
  });

  test.describe('admin', () => {
    test.use({ who: 'ADMIN' });

    test('backoffice and users; no staff areas', async ({ page }) => {
      await page.goto('/');
      const h1 = page.getByRole('heading', { level: 1 });
      await expect(h1).toHaveText('Backoffice');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Hub' })).toHaveCount(0);
      await nav.getByRole('link', { name: 'Users' }).click();
      await expect(h1).toHaveText('Users');
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Backoffice' }).click();
      await expect(h1).toHaveText('Backoffice');
    });
  });

  test.describe('client', () => {
    test.use({ who: 'CLIENT' });

    test('every portal screen from home, no staff navigation', async ({ page }) => {
      await page.goto('/');
      const h1 = page.getByRole('heading', { level: 1 });
      await expect(h1).toHaveText('Home');
      await expect(page.getByRole('heading', { name: CLIENT_NAME })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      for (const route of ROUTES.filter((candidate) => candidate.group === 'portal' && candidate.heading !== 'Home')) {
        await page.getByRole('link', { name: route.heading, exact: true }).click();
        await expect(h1).toHaveText(route.heading);
        expect(pathOf(page)).toBe(route.path);
        await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).click();
        await expect(h1).toHaveText('Home');
      }
    });
  });
});
