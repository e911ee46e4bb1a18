/**
 * The nurse's journeys after the unlock, for `npm run bench` at 4x: the hub to the schedule's first event (day, then
 * week), the hub's draft visit to its form, and vitals added from their dialog to "Saved…" (kept); each with the
 * longest task while it renders. Medians of `runs`. Also the cost of the data key's derivation (PBKDF2-SHA-256 at the
 * app's strength), which the slowdown does not reach: WebCrypto runs on another thread.
 */
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { median } from './lighthouse.ts';
import { read, unlockIfAsked, type Timing } from './page-probe.ts';

const EVENT = 'main .mantine-ScheduleEvent-event';
const WEEK_EVENT = 'main [class*="mantine-ResourcesWeekView"] .mantine-ScheduleEvent-event';
const DRAFT_LINK = 'main ul[aria-label$="visits to complete"] a';
const SAVE_STATE = '[data-testid="visit-save-state"]';

export interface Journey {
  /** Click to the awaited element, ms. */
  time: number;
  /** The longest task from the click until a second after it showed, ms. */
  longestTask: number;
}

export interface StaffJourneys {
  schedule: Journey;
  week: Journey;
  visitForm: Journey | null;
  vitalsSaved: Journey | null;
  /** Why the vitals were not timed, where they were not. */
  vitalsFailure: string | null;
}

/**
 * Sets what the probe waits for (an element, with a text where given, shown after one with the text `after` where
 * given), and forgets the long tasks so far: the next click starts a journey.
 */
function watch(page: Page, selector: string, text?: string, after?: string): Promise<void> {
  return page.evaluate(
    ([selector, text, after]) => {
      const w = window as unknown as Record<string, unknown>;
      w.__watch = { selector, text: text ?? undefined, after: after ?? undefined };
      w.__longTasks = [];
    },
    [selector, text ?? null, after ?? null] as const,
  );
}

/** Waits for the watched element, lets the page settle a second, and reads the journey. */
async function journeyDone(page: Page): Promise<Journey> {
  await page
    .waitForFunction(() => (window as unknown as { __watch?: { at?: number } }).__watch?.at !== undefined, {
      timeout: 30_000,
    })
    .catch(async (error: unknown) => {
      // What the page showed instead, for whoever reads the failed run.
      const picture = path.join(os.tmpdir(), `thrive-bench-journey-${Date.now()}.png`);
      await page.screenshot({ path: picture, fullPage: true });
      throw new Error(`did not reach what it waited for in 30 s (the page as it was: ${picture})`, { cause: error });
    });
  await page.waitForTimeout(1000);
  const at = await page.evaluate(() => (window as unknown as { __watch: { at: number } }).__watch.at);
  const clickAt = (await read(page, '__clickAt')) ?? NaN;
  const longestTask = await page.evaluate(() =>
    Math.max(0, ...((window as unknown as Record<string, unknown>).__longTasks as number[])),
  );
  return { time: at - clickAt, longestTask };
}

const medianJourney = (journeys: readonly Journey[]): Journey => ({
  time: median(journeys.map((journey) => journey.time)),
  longestTask: median(journeys.map((journey) => journey.longestTask)),
});

/** From the hub, as the nurse would: its start finished, a link clicked. */
async function atTheHub(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/hub`);
  await unlockIfAsked(page);
  await page.waitForTimeout(2000);
}

/** On a visit's form: vitals entered in their dialog, from the dialog's button to the line saying they are kept. */
async function addVitals(page: Page, run: number): Promise<Journey> {
  await page.getByRole('button', { name: 'Add vitals' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add vitals' });
  await dialog.getByRole('radiogroup', { name: 'When' }).getByText('During', { exact: true }).click();
  for (const [label, value] of [
    ['Systolic', '120'],
    ['Diastolic', '78'],
    ['Heart rate', String(66 + run)],
  ] as const) {
    await dialog.getByLabel(label, { exact: true }).fill(value);
  }
  // Kept: the line goes from "Saving…" to "Saved on this device" (or, online with a quick server, straight on to
  // "Saved to the server").
  await watch(page, SAVE_STATE, 'Saved', 'Saving');
  await dialog.getByRole('button', { name: 'Add vitals' }).click();
  const journey = await journeyDone(page);
  await page.locator(SAVE_STATE).filter({ hasText: 'Saved to the server' }).waitFor({ timeout: 30_000 });
  return journey;
}

/** The signed-in nurse's journeys, `runs` times each; the page is signed in and slowed down. */
export async function staffJourneys(page: Page, baseUrl: string, runs: number): Promise<StaffJourneys> {
  const schedule: Journey[] = [];
  const week: Journey[] = [];
  const visitForm: Journey[] = [];
  const vitalsSaved: Journey[] = [];
  let vitalsFailure: string | null = null;
  for (let i = 0; i < runs; i++) {
    await atTheHub(page, baseUrl);
    await watch(page, EVENT);
    await page.locator('main a[href^="/appointments"]').first().click();
    schedule.push(await journeyDone(page));
    await watch(page, WEEK_EVENT);
    await page.getByRole('radiogroup', { name: 'View' }).getByText('Week', { exact: true }).click();
    week.push(await journeyDone(page));
    await page.getByRole('radiogroup', { name: 'View' }).getByText('Day', { exact: true }).click();

    await atTheHub(page, baseUrl);
    const draft = page.locator(DRAFT_LINK).first();
    if ((await draft.count()) === 0) continue;
    await watch(page, SAVE_STATE);
    await draft.click();
    visitForm.push(await journeyDone(page));
    if (vitalsFailure !== null) continue;
    try {
      vitalsSaved.push(await addVitals(page, i));
    } catch (error) {
      vitalsFailure = error instanceof Error ? error.message : String(error);
    }
  }
  return {
    schedule: medianJourney(schedule),
    week: medianJourney(week),
    visitForm: visitForm.length > 0 ? medianJourney(visitForm) : null,
    vitalsSaved: vitalsSaved.length > 0 ? medianJourney(vitalsSaved) : null,
    vitalsFailure,
  };
}

/** PBKDF2-SHA-256 at the app's iterations in this browser, unthrottled: the median of `runs` derivations, ms. */
export async function keyDerivation(browser: Browser, baseUrl: string, iterations: number, runs: number) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    times.push(
      await page.evaluate(async (iterations) => {
        const material = await crypto.subtle.importKey(
          'raw',
          new TextEncoder().encode('Thrive!2026'),
          'PBKDF2',
          false,
          ['deriveBits'],
        );
        const started = performance.now();
        await crypto.subtle.deriveBits(
          { name: 'PBKDF2', hash: 'SHA-256', salt: crypto.getRandomValues(new Uint8Array(16)), iterations },
          material,
          256,
        );
        return performance.now() - started;
      }, iterations),
    );
  }
  await context.close();
  return median(times);
}

/** A warm start's figures (app-timings.ts), ms; NaN where it had none. */
interface WarmStart {
  fcp: number;
  live: number;
  firstRow: number;
}

interface JourneyFigures {
  /** The bare React page loaded again the same way: the yardstick of every ratio. */
  bare: { heading: number; fcp: number };
  offline: WarmStart;
  online: WarmStart;
  /** The key derivation unthrottled, ms. */
  derivation: number;
  journeys: StaffJourneys;
}

const ms = (value: number) => `${Math.round(value)} ms`;

/** A figure against a multiple of the bare page's, as the goals of the signed-in journeys are written. */
function ratioRow(name: string, value: number, floor: number, floorName: string, most: number): Timing {
  const ratio = value / floor;
  return {
    name,
    value: `${ms(value)} (${ratio.toFixed(1)}x the bare ${floorName})`,
    goal: ratio <= most,
    goalText: `<= ${most}x`,
  };
}

function taskRow(name: string, journey: Journey): Timing {
  return {
    name: `${name}: longest task`,
    value: ms(journey.longestTask),
    goal: journey.longestTask <= 100,
    goalText: '<= 100 ms',
  };
}

/**
 * The rows of the signed-in journeys, each against the bare page of the same run. 'Unlock' to the first row counts
 * the key's derivation at the slowdown (measured unthrottled, the throttled run already holds it once).
 */
export function journeyTimings({ bare, offline, online, derivation, journeys }: JourneyFigures): Timing[] {
  const rows: Timing[] = [];
  for (const [name, start] of [
    ['online', online],
    ['offline', offline],
  ] as const) {
    rows.push(ratioRow(`nurse, ${name}: the unlock screen's first paint`, start.fcp, bare.fcp, 'first paint', 1.1));
    if (!Number.isNaN(start.live)) {
      rows.push(ratioRow(`nurse, ${name}: the unlock screen live`, start.live, bare.heading, 'heading', 3));
    }
    if (!Number.isNaN(start.firstRow)) {
      const counted = start.firstRow + (4 - 1) * derivation;
      rows.push(
        ratioRow(
          `nurse, ${name}: 'Unlock' to today's first row, key derivation at 4x`,
          counted,
          bare.heading,
          'heading',
          3.5,
        ),
      );
    }
  }
  rows.push({ name: 'the key derivation (PBKDF2-SHA-256, unthrottled)', value: ms(derivation) });
  const { schedule, week, visitForm, vitalsSaved } = journeys;
  rows.push(ratioRow('hub to the schedule: its first event', schedule.time, bare.heading, 'heading', 2.5));
  rows.push(taskRow('hub to the schedule', schedule));
  rows.push(ratioRow('the schedule to its week: its first event', week.time, bare.heading, 'heading', 2.5));
  rows.push(taskRow('the schedule to its week', week));
  if (visitForm) {
    rows.push(ratioRow('a draft visit on the hub to its form', visitForm.time, bare.heading, 'heading', 1.6));
    rows.push(taskRow('a draft visit to its form', visitForm));
  } else {
    rows.push({ name: 'a draft visit to its form', value: 'no draft visit to complete on the hub at this hour' });
  }
  if (journeys.vitalsFailure !== null) {
    rows.push({ name: 'vitals added from their dialog to "Saved…"', value: `not timed: ${journeys.vitalsFailure}` });
  }
  if (vitalsSaved) {
    rows.push(
      ratioRow(
        'vitals added from their dialog to "Saved on this device" (or further)',
        vitalsSaved.time,
        bare.heading,
        'heading',
        2.6,
      ),
    );
  }
  return rows;
}
