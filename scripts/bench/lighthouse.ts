import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { HEADLESS_SHELL_PATH, WHOLE_CHROMIUM_PATH } from '../chromium-paths.ts';

/** What one Lighthouse run (mobile, simulated throttling: its defaults) says about a page. */
export interface PageMetrics {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  requests: number;
  /** Scripts the page fetched, summed as transferred (gzip). */
  scriptKiB: number;
  scriptFiles: number;
}

export const CHROMIUM = WHOLE_CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Lighthouse measures the page in Chromium's headless shell, as the end-to-end tests run. The whole browser, in
 * its headless mode, starts every page sent with Cross-Origin-Opener-Policy in a new renderer process inside the
 * measured load and charges that start to the page (a 'hello' page with only that header: score 88-98, TBT
 * 170-490 ms; in the shell 100, TBT 0-19 ms).
 */
export type LighthouseBrowser = 'headless shell' | 'whole browser';

const numeric = (audits: Record<string, { numericValue?: number }>, id: string) => audits[id]?.numericValue ?? NaN;

/** A fresh browser per run, so no cache, service worker or compiled code carries from one run to the next. */
export async function measurePage(url: string, browser: LighthouseBrowser): Promise<PageMetrics> {
  const shell = browser === 'headless shell' ? HEADLESS_SHELL_PATH : undefined;
  if (browser === 'headless shell' && !shell) throw new Error('No headless shell: install chromium-headless-shell');
  const chrome = await chromeLauncher.launch({
    chromePath: shell ?? CHROMIUM,
    chromeFlags: [
      // The shell is headless by nature; the whole browser is told to be.
      ...(shell ? [] : ['--headless=new']),
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const details = lhr.audits['network-requests']?.details;
    const items = (details && details.type === 'table' ? details.items : []) as {
      resourceType?: string;
      transferSize?: number;
    }[];
    const scripts = items.filter((item) => item.resourceType === 'Script');
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: numeric(lhr.audits, 'first-contentful-paint'),
      lcpMs: numeric(lhr.audits, 'largest-contentful-paint'),
      tbtMs: numeric(lhr.audits, 'total-blocking-time'),
      cls: numeric(lhr.audits, 'cumulative-layout-shift'),
      requests: items.length,
      scriptKiB: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
      scriptFiles: scripts.length,
    };
  } finally {
    chrome.kill();
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The median of each figure over several runs of one page. */
export function medianMetrics(runs: PageMetrics[]): PageMetrics {
  const of = (key: keyof PageMetrics) => median(runs.map((run) => run[key]));
  return {
    score: of('score'),
    fcpMs: of('fcpMs'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    requests: of('requests'),
    scriptKiB: of('scriptKiB'),
    scriptFiles: of('scriptFiles'),
  };
}
