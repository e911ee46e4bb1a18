/**
 * Every screen finished, for every role (PRODUCT.md sections 1 and 6): at the width the role works at (staff on
 * a tablet at 820 px, clients on a phone at 390 px) every control a finger taps is at least 44 px and axe finds no
 * serious or critical violation; and every screen passes axe at 390, 820 and 1280 px too. Each role signs in once
 * and walks its routes inside the app, resizing the window on each screen, so the whole matrix costs one sign-in
 * per role.
 *
 * The matrix is by pairs: a role decides which controls a screen shows, a width how the screen lays them out. Every
 * role walks every screen of its groups at its own width, and for each group the roles that see its screens'
 * variants walk them at all three (WIDTH_WALKERS); the staff roles that see a nurse's screens with a control more
 * or less (the doctor, the coach, the nutritionist, the super admin) are not scanned again at the other two.
 *
 * The visit screens open real charts: a full draft of each therapy made here for a demo client no other spec
 * uses, and a signed IV visit of the demo week's.
 */
import type { Page } from '@playwright/test';
import { THERAPY_INFO, VISIT_THERAPIES, exampleVisit, type components } from '@contract';
import { randomUUID } from 'node:crypto';
import { generateClients } from '../../scripts/demo/clients.ts';
import { TOUCH_TARGET_PX } from '../../src/config/touch.ts';
import { CLIENT_ID, EMAIL, ROUTES, VISIT_ID, type Group, type Who } from './demo-routes.ts';
import { DESKTOP, MAIN_WIDTH, PHONE, TABLET, open, resize, type Screen } from './walk.ts';
import { accessToken, expect, seriousAxeViolations, signIn, test } from './fixtures.ts';

/** Where the drafts are charted: a generated demo client no other spec touches. */
const DRAFT_CLIENT = generateClients(50)[17]!;

type Role = Exclude<Who, 'signed out' | 'no role'>;

/** The route groups each role enters (spec section 6; routes.spec.ts checks the refusals). */
const GROUPS: Record<Role, readonly Group[]> = {
  SUPER_ADMIN: ['portal', 'staff', 'admin'],
  ADMIN: ['admin'],
  NURSE: ['staff'],
  RECEPTION: ['staff'],
  DOCTOR: ['staff'],
  HEALTH_COACH: ['staff'],
  NUTRITIONIST: ['staff'],
  CLIENT: ['portal'],
};

/**
 * Who walks each group's screens at all three widths: the client its portal, the admin the back office, and on the
 * staff screens a nurse (who charts) and reception (who reads a chart, a screen of its own).
 */
const WIDTH_WALKERS: Record<Role, boolean> = {
  SUPER_ADMIN: false,
  ADMIN: true,
  NURSE: true,
  RECEPTION: true,
  DOCTOR: false,
  HEALTH_COACH: false,
  NUTRITIONIST: false,
  CLIENT: true,
};

/** The visits the walk opens, made or found once per worker. */
interface Charts {
  drafts: { therapy: components['schemas']['VisitTherapy']; id: string }[];
  signed: { id: string; clientId: string };
}

let charts: Promise<Charts> | undefined;

async function api<T>(token: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${test.info().project.use.baseURL}/api/v1${path}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...init.headers,
    },
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

function chartsOnce(): Promise<Charts> {
  charts ??= (async () => {
    const token = await accessToken('nurse@thrive.test');
    const drafts = await Promise.all(
      VISIT_THERAPIES.map(async (therapy) => {
        const id = randomUUID();
        await api(token, `/visits/${id}`, {
          method: 'PUT',
          headers: { 'Idempotency-Key': randomUUID() },
          body: JSON.stringify(exampleVisit(therapy, { clientId: DRAFT_CLIENT.id })),
        });
        return { therapy, id };
      }),
    );
    // client2's IV sessions of the demo week are signed by the nurse who ran them.
    const list = await api<components['schemas']['VisitList']>(
      token,
      `/visits?client=${CLIENT_ID}&state=signed&therapy=iv&limit=1`,
    );
    const signed = list.results[0];
    if (!signed) throw new Error('The demo week has no signed IV visit of client2');
    return { drafts, signed: { id: signed.id, clientId: CLIENT_ID } };
  })();
  return charts;
}

/** A visit is titled by its therapy for a role that charts it, by the client's name for one that does not. */
const visitHeading = (therapy: components['schemas']['VisitTherapy']) =>
  new RegExp(`^(${THERAPY_INFO[therapy].title}|Visit of .+)$`);

/** The role's screens: the shared route list, with its placeholder visit joined by real drafts and a signed visit. */
function screensOf(role: Role, { drafts, signed }: Charts): Screen[] {
  const screens: Screen[] = [];
  for (const route of ROUTES.filter((candidate) => GROUPS[role].includes(candidate.group))) {
    const visit = /^\/client\/([a-z_]+)\/[^/]+\/visit\//.exec(route.path)?.[1];
    if (visit === 'iv') {
      // The unknown id: the screen that starts a visit.
      screens.push({ ...route, heading: visitHeading('iv') });
      screens.push(...drafts.map(({ therapy, id }) => draftScreen(therapy, id)));
      screens.push({ ...route, path: `/client/iv/${signed.clientId}/visit/${signed.id}`, heading: visitHeading('iv') });
    } else if (visit === 'discovery') {
      screens.push({ ...route, path: route.path.replace(VISIT_ID, signed.id), heading: visitHeading('iv') });
    } else if (visit === undefined) {
      screens.push(route);
    }
    // The other therapies' unknown-id screens are the same frame as IV's.
  }
  return screens;
}

function draftScreen(therapy: components['schemas']['VisitTherapy'], id: string): Screen {
  return { group: 'staff', path: `/client/${therapy}/${DRAFT_CLIENT.id}/visit/${id}`, heading: visitHeading(therapy) };
}

/**
 * Every visible control on the page smaller than a touch target, or squeezed so that its words are cut off,
 * named. A control is what a finger can press: a link, a button, a field, or anything with such a role. A choice
 * whose input is drawn invisibly (a segment, a chip) is pressed through its label, so the label is measured; a
 * field is measured by the box that draws it (Mantine's input wrapper, which holds a password field's button
 * beside the input). A visible checkbox or radio is measured by its own box: the 44 px is what the eye aims at.
 *
 * WCAG 2.5.8 exempts a target in a sentence, whose size the line of text around it sets: a link inline in a
 * paragraph is not measured.
 */
function smallTargets(page: Page, minimum: number): Promise<string[]> {
  return page.evaluate((minimum) => {
    const CONTROLS = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      ...['button', 'radio', 'checkbox', 'tab', 'switch', 'option', 'link'].map((role) => `[role="${role}"]`),
    ].join(', ');
    const drawnInvisibly = (element: Element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return style.opacity === '0' || box.width <= 1 || box.height <= 1;
    };
    const inSentence = (element: Element) => {
      if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
      let block = element.parentElement;
      while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
      const own = element.textContent?.trim().length ?? 0;
      return (block?.textContent?.trim().length ?? 0) > own;
    };
    const nameOf = (element: Element) => {
      const labelled = element.getAttribute('aria-labelledby');
      const name =
        element.getAttribute('aria-label') ??
        (labelled ? document.getElementById(labelled)?.textContent : null) ??
        (element instanceof HTMLInputElement ? element.labels?.[0]?.textContent : null) ??
        (element.textContent?.trim() || element.getAttribute('name') || element.getAttribute('title') || '');
      const role = element.getAttribute('role');
      return `${element.tagName.toLowerCase()}${role ? `[role=${role}]` : ''} "${name.trim().replace(/\s+/g, ' ').slice(0, 50)}"`;
    };
    // Words cut off: a part of the control that hides what overflows it, without an ellipsis saying so.
    const cutOff = (element: Element) =>
      !(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) &&
      [element, ...Array.from(element.querySelectorAll('*'))].some((part) => {
        const style = getComputedStyle(part);
        return (
          style.overflowX !== 'visible' && style.textOverflow !== 'ellipsis' && part.scrollWidth > part.clientWidth + 1
        );
      });
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll(CONTROLS))) {
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      let target: Element = element;
      if (element instanceof HTMLInputElement && drawnInvisibly(element)) {
        const label = element.labels?.[0];
        if (!label) continue;
        target = label;
      } else if (element instanceof HTMLInputElement) {
        target = element.closest('.mantine-Input-wrapper') ?? element;
      }
      const box = target.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || inSentence(element)) continue;
      // Half a pixel of rounding: 2.75rem lays out as 43.998 px at some zooms.
      if (box.height < minimum - 0.5 || box.width < minimum - 0.5) {
        found.push(`${nameOf(element)} is ${Math.round(box.width)}x${Math.round(box.height)} px`);
      }
      if (cutOff(element)) found.push(`${nameOf(element)} is squeezed: its words are cut off`);
    }
    return [...new Set(found)];
  }, minimum);
}

/** The screen at the width its people use, targets and axe; with `allWidths`, axe at the other two as well. */
async function check(page: Page, screen: Screen, allWidths: boolean): Promise<string[]> {
  const main = MAIN_WIDTH[screen.group];
  const problems: string[] = [];
  const others = allWidths ? [PHONE, TABLET, DESKTOP].filter((other) => other !== main) : [];
  for (const viewport of [main, ...others]) {
    await resize(page, viewport);
    const where = `${screen.path} at ${viewport.width} px`;
    if (viewport === main) {
      problems.push(...(await smallTargets(page, TOUCH_TARGET_PX)).map((problem) => `${where}: ${problem}`));
    }
    problems.push(...(await seriousAxeViolations(page)).map((problem) => `${where}: axe ${problem}`));
  }
  return problems;
}

// Each role's walk is its own test: the two workers share them.
test.describe.configure({ mode: 'parallel' });
// No test here is about the service worker, and installing it in each fresh browser precaches every chunk.
test.use({ serviceWorkers: 'block' });

test('signed out: the sign-in page', async ({ page }) => {
  const screen: Screen = { group: 'portal', path: '/login', heading: 'Thrive' };
  await resize(page, PHONE);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const problems = await check(page, screen, true);
  // Phones and the reception's tablet both sign in here.
  await resize(page, TABLET);
  problems.push(...(await smallTargets(page, TOUCH_TARGET_PX)).map((problem) => `/login at 820 px: ${problem}`));
  expect(problems).toEqual([]);
});

for (const role of Object.keys(GROUPS) as Role[]) {
  test(`${role}: every screen has 44 px targets and no serious axe violation`, async ({ page, allowConsoleError }) => {
    // The unknown visit id of the route list: the screen asks for it and hears 404.
    allowConsoleError(/status of 404 \(Not Found\)/);
    const screens = screensOf(role, await chartsOnce());
    // A screen and its three scans take four to seven seconds on a busy two-core machine: room for twelve.
    test.setTimeout(30_000 + screens.length * (WIDTH_WALKERS[role] ? 12_000 : 6_000));
    await resize(page, MAIN_WIDTH[screens[0]!.group]);
    await signIn(page, EMAIL[role]);
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
    const problems: string[] = [];
    for (const screen of screens) {
      await open(page, screen);
      problems.push(...(await check(page, screen, WIDTH_WALKERS[role])));
    }
    expect(problems).toEqual([]);
  });
}
