/**
 * Walking the app's screens inside one signed-in page: the widths each kind of screen is used at, opening a route as
 * a link would (no page load, so no unlock), and waiting until a screen is settled at a new width.
 */
import type { Page } from '@playwright/test';
import type { Group } from './demo-routes.ts';
import { expect } from './fixtures.ts';

export const PHONE = { width: 390, height: 844 };
export const TABLET = { width: 820, height: 1180 };
export const DESKTOP = { width: 1280, height: 800 };
export type Viewport = typeof PHONE;

/** The width each group of screens is used at: the portal on a phone, the staff screens on a tablet. */
export const MAIN_WIDTH: Record<Group, Viewport> = {
  portal: PHONE,
  'another client': PHONE,
  staff: TABLET,
  admin: TABLET,
};

export interface Screen {
  group: Group;
  path: string;
  heading: string | RegExp;
}

/** Opens `path` inside the running app (no page load, so no unlock), as a link would. */
export async function open(page: Page, screen: Screen): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, screen.path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.heading);
  await settled(page);
}

/** Nothing is still loading: no skeleton or loader left on the page. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('.mantine-Skeleton-root:visible, .mantine-Loader-root:visible')).toHaveCount(0, {
    timeout: 15_000,
  });
}

export async function resize(page: Page, viewport: Viewport): Promise<void> {
  await page.setViewportSize(viewport);
  // One frame, then every transition the new width started (the staff shell's navigation bar slides away below
  // tablet width, and the page widens with it) has ended: the layout is measured where it comes to rest. A
  // spinner's endless animation is not waited for.
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const ending = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
  // A screen that asks again (the unknown visit's retries) is measured once it has its answer.
  await settled(page);
}
