/**
 * Bundle-size budget of the production build, checked in CI.
 *
 * "entry" is what the browser must fetch before the first screen (the scripts,
 * module preloads and styles index.html names); "total" is every script of the
 * build. Sizes are gzip, as served. The budgets in bundle-budget.json only ever
 * go down: when a change makes the app smaller, lower them.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(root, process.env.BUILD_DIR || 'dist');
const budget = JSON.parse(readFileSync(path.join(root, 'bundle-budget.json'), 'utf8')) as {
  entryGzipKiB: number;
  totalScriptGzipKiB: number;
};

const gzipKiB = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length / 1024;

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entryFiles = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
const entry = entryFiles.reduce((sum, file) => sum + gzipKiB(file), 0);
const scripts = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const total = scripts.reduce((sum, file) => sum + gzipKiB(path.join('assets', file)), 0);

const rows = [
  ['entry (gzip)', entry, budget.entryGzipKiB],
  ['all scripts (gzip)', total, budget.totalScriptGzipKiB],
] as const;
let over = false;
for (const [name, size, limit] of rows) {
  const ok = size <= limit;
  over ||= !ok;
  console.log(`${ok ? 'ok  ' : 'OVER'} ${name.padEnd(20)} ${size.toFixed(1).padStart(7)} KiB  budget ${limit} KiB`);
}
console.log(`entry files: ${entryFiles.join(', ')}`);
if (over) {
  console.error('The build is over its bundle budget (bundle-budget.json).');
  process.exit(1);
}
