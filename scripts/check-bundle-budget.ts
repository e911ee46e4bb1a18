/**
 * Bundle-size budget of the production build, checked in CI.
 *
 * The sign-in page (login.html, prerendered) is what most first visits see,
 * and what the benchmark (npm run bench) holds to a bare React page, so its
 * cost is budgeted in full:
 * - "requests before first paint": the document and what it makes the browser
 *   wait for before painting (stylesheets, classic scripts). Module scripts
 *   do not hold the paint.
 * - "sign-in critical JS": every script the live sign-in page needs, found by
 *   following the static imports in the build manifest from the entry, the
 *   app's start (src/app/start.tsx) and the sign-in route's component.
 * - "sign-in document": login.html itself, with the rules its markup uses
 *   inlined so that it paints from the document alone.
 * - "sign-in critical CSS": the stylesheets of those chunks (fetched without
 *   holding back the first paint, applied when the live page starts).
 * A start that opens locked is answered by the service worker with
 * locked-start.html (src/pwa/locked-start.ts): its document and its requests
 * before the first paint are budgeted the same way, and "unlock critical JS"
 * is every script the live unlock screen needs (the entry, the app's start
 * and the unlock route's component, along their static imports; the passkey
 * ceremony loads only when it is used).
 * "entry" is what index.html names; "largest lazy chunk" is the most one route
 * change can add. The sum of all chunks is printed but not budgeted: it grows
 * with every screen that is split out, which costs nobody a wait. Sizes are
 * gzip, as served. The budgets in bundle-budget.json only ever go down: when
 * a change makes the app smaller, lower them.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(root, process.env.BUILD_DIR || 'dist');
const budget = JSON.parse(readFileSync(path.join(root, 'bundle-budget.json'), 'utf8')) as {
  entryGzipKiB: number;
  largestLazyChunkGzipKiB: number;
  signInCriticalJsGzipKiB: number;
  unlockCriticalJsGzipKiB: number;
  signInDocumentGzipKiB: number;
  signInCriticalCssGzipKiB: number;
  requestsBeforeFirstPaint: number;
  lockedStartDocumentGzipKiB: number;
  lockedStartRequestsBeforeFirstPaint: number;
};

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

const gzipKiB = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length / 1024;
const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + gzipKiB(file), 0);

/** A document without its <noscript> fallbacks (which name the same files again). */
const readDocument = (name: string) =>
  readFileSync(path.join(dist, name), 'utf8').replace(/<noscript>[\s\S]*?<\/noscript>/g, '');

const html = readDocument('index.html');
const entryFiles = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
const entry = sum(entryFiles);

/** The chunks a page runs: from these manifest keys along their static imports, with their stylesheets. */
function criticalChunks(roots: readonly string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no ${key}: has the page moved?`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of roots) visit(key);
  return { js, css };
}
const APP_ROOTS = ['index.html', 'src/app/start.tsx'];
const { js: signInJs, css: signInCss } = criticalChunks([...APP_ROOTS, 'src/routes/login.tsx?tsr-split=component']);
const { js: unlockJs } = criticalChunks([...APP_ROOTS, 'src/routes/unlock.tsx?tsr-split=component']);

// Before the first paint: the document, its stylesheets for the screen, and any script that is not a module, async
// or deferred. (A stylesheet for print, or one in <noscript>, holds back no paint where scripts run.)
function requestsBeforePaint(file: string): number {
  const page = readDocument(file);
  const head = page.slice(0, page.indexOf('<body'));
  const blocking = [
    ...head.matchAll(/<link(?![^>]*media="print")[^>]*rel="stylesheet"[^>]*>/g),
    ...head.matchAll(/<script(?![^>]*(?:type="module"|async|defer))[^>]*src=[^>]*>/g),
  ];
  return 1 + blocking.length;
}
const requestsBeforeFirstPaint = requestsBeforePaint('login.html');
// The document itself: the prerendered page and the rules it uses, inlined.
const signInDocument = gzipKiB('login.html');
const lockedStartDocument = gzipKiB('locked-start.html');

const scripts = readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => ({ file: `assets/${f}`, size: gzipKiB(`assets/${f}`) }));
const total = scripts.reduce((all, { size }) => all + size, 0);
const largestLazy = scripts
  .filter(({ file }) => !entryFiles.includes(file) && !signInJs.has(file))
  .reduce((largest, chunk) => (chunk.size > largest.size ? chunk : largest), { file: '(none)', size: 0 });

const rows = [
  ['entry (gzip)', entry, budget.entryGzipKiB, 'KiB'],
  ['sign-in critical JS', sum(signInJs), budget.signInCriticalJsGzipKiB, 'KiB'],
  ['unlock critical JS', sum(unlockJs), budget.unlockCriticalJsGzipKiB, 'KiB'],
  ['sign-in document', signInDocument, budget.signInDocumentGzipKiB, 'KiB'],
  ['sign-in critical CSS', sum(signInCss), budget.signInCriticalCssGzipKiB, 'KiB'],
  ['requests before paint', requestsBeforeFirstPaint, budget.requestsBeforeFirstPaint, ''],
  ['locked start document', lockedStartDocument, budget.lockedStartDocumentGzipKiB, 'KiB'],
  ['locked start: requests', requestsBeforePaint('locked-start.html'), budget.lockedStartRequestsBeforeFirstPaint, ''],
  ['largest lazy chunk', largestLazy.size, budget.largestLazyChunkGzipKiB, 'KiB'],
] as const;
let over = false;
for (const [name, size, limit, unit] of rows) {
  const ok = size <= limit;
  over ||= !ok;
  const shown = unit ? size.toFixed(1) : String(size);
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${name.padEnd(22)} ${shown.padStart(7)} ${unit.padEnd(3)}  budget ${limit} ${unit}`,
  );
}
console.log(`largest lazy chunk: ${largestLazy.file}; all scripts together: ${total.toFixed(1)} KiB`);
console.log(`entry files: ${entryFiles.join(', ')}`);
console.log(`sign-in page: ${signInJs.size} scripts, ${signInCss.size} stylesheets`);
if (over) {
  console.error('The build is over its bundle budget (bundle-budget.json).');
  process.exit(1);
}
