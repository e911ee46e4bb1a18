/**
 * Bundle-size budget of the production build, checked in CI.
 *
 * "entry" is what the browser must fetch before the first screen (the scripts,
 * module preloads and styles index.html names); "largest lazy chunk" is the
 * most one route change can add. The sum of all chunks is printed but not
 * budgeted: it grows with every screen that is split out, which costs nobody a
 * wait. Sizes are gzip, as served. The budgets in bundle-budget.json only ever
 * go down: when a change makes the app smaller, lower them.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(root, process.env.BUILD_DIR || 'dist');
const budget = JSON.parse(readFileSync(path.join(root, 'bundle-budget.json'), 'utf8')) as {
  entryGzipKiB: number;
  largestLazyChunkGzipKiB: number;
};

const gzipKiB = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length / 1024;

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entryFiles = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
const entry = entryFiles.reduce((sum, file) => sum + gzipKiB(file), 0);
const scripts = readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => ({ file: `assets/${f}`, size: gzipKiB(`assets/${f}`) }));
const total = scripts.reduce((sum, { size }) => sum + size, 0);
const largestLazy = scripts
  .filter(({ file }) => !entryFiles.includes(file))
  .reduce((largest, chunk) => (chunk.size > largest.size ? chunk : largest), { file: '(none)', size: 0 });

const rows = [
  ['entry (gzip)', entry, budget.entryGzipKiB],
  ['largest lazy chunk', largestLazy.size, budget.largestLazyChunkGzipKiB],
] as const;
let over = false;
for (const [name, size, limit] of rows) {
  const ok = size <= limit;
  over ||= !ok;
  console.log(`${ok ? 'ok  ' : 'OVER'} ${name.padEnd(20)} ${size.toFixed(1).padStart(7)} KiB  budget ${limit} KiB`);
}
console.log(`largest lazy chunk: ${largestLazy.file}; all scripts together: ${total.toFixed(1)} KiB`);
console.log(`entry files: ${entryFiles.join(', ')}`);
if (over) {
  console.error('The build is over its bundle budget (bundle-budget.json).');
  process.exit(1);
}
