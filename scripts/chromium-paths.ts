/**
 * Where Chromium is on this machine, for the end-to-end tests and the
 * benchmarks alike: the whole browser and its headless shell (Debian's
 * `chromium` and `chromium-headless-shell`), unless the environment names
 * them. Undefined where neither is: the caller falls back to its tool's own.
 */
import { existsSync } from 'node:fs';

function installed(path: string): string | undefined {
  return existsSync(path) ? path : undefined;
}

/** The whole Chromium: `CHROMIUM_PATH`, else Debian's. */
export const WHOLE_CHROMIUM_PATH = process.env.CHROMIUM_PATH || installed('/usr/bin/chromium');

/** Chromium's headless shell: `CHROMIUM_HEADLESS_SHELL_PATH`, else Debian's. */
export const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH || installed('/usr/bin/chromium-headless-shell');
