/**
 * The browsers the end-to-end tests run in. Most specs run in Chromium's
 * headless shell (Debian's `chromium-headless-shell`), which does the same
 * page work for about a third less CPU than the whole browser; what only the
 * whole browser does (the back-forward cache, deciding an app is installable)
 * is tested in the whole browser. Where neither is installed, Playwright's own.
 */
import type { LaunchOptions } from '@playwright/test';
import { HEADLESS_SHELL_PATH, WHOLE_CHROMIUM_PATH } from '../../scripts/chromium-paths.ts';

/** The headless shell, else the whole browser. */
const headlessShell = HEADLESS_SHELL_PATH || WHOLE_CHROMIUM_PATH;

// The machine has no outside network: keep Chromium from trying.
const args = ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** How every spec's browser is launched. */
export const TEST_BROWSER: LaunchOptions = { executablePath: headlessShell, args };

/** The whole browser, for what the headless shell does not do. */
export const WHOLE_BROWSER: LaunchOptions = WHOLE_CHROMIUM_PATH
  ? { executablePath: WHOLE_CHROMIUM_PATH, args }
  : // Playwright's own whole Chromium (in headless mode it would start its shell).
    { channel: 'chromium', args };
