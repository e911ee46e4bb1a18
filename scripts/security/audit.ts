/**
 * `npm run check:audit`: the project's dependencies (production and
 * development: both run on CI machines and developers' machines) against the
 * npm registry's advisories, reviewed against audit-allowlist.json. Fails on
 * an advisory nobody has reviewed, on a review that has lapsed, and when the
 * advisory service cannot be asked (a check that could not run has not
 * passed). Needs the registry, so CI runs it (.ci/run) besides `npm test`.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { reviewAudit, type AllowedAdvisory, type AuditReport } from './audit-report.ts';

const root = path.resolve(import.meta.dirname, '../..');

async function main(): Promise<void> {
  const allowlist = JSON.parse(
    await readFile(path.join(import.meta.dirname, 'audit-allowlist.json'), 'utf8'),
  ) as AllowedAdvisory[];
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)('npm', ['audit', '--json', '--audit-level=low'], {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
    }));
  } catch (error) {
    // npm audit exits 1 when it finds advisories; its report is still on stdout.
    stdout = (error as { stdout?: string }).stdout ?? '';
  }
  let report: AuditReport;
  try {
    report = JSON.parse(stdout) as AuditReport;
  } catch {
    throw new Error(`npm audit gave no report:\n${stdout.slice(0, 2000)}`);
  }
  const today = new Date().toISOString().slice(0, 10);
  const review = reviewAudit(report, allowlist, today);
  for (const finding of review.allowed) {
    console.log(`allowed (reviewed): ${finding.id} ${finding.package} (${finding.severity}) ${finding.title}`);
  }
  for (const entry of review.unused) {
    console.log(`no longer needed in the allowlist: ${entry.id} ${entry.package}`);
  }
  if (review.failing.length > 0) {
    console.error(
      'Advisories without a current review (fix the dependency, or review and add to audit-allowlist.json):',
    );
    for (const finding of review.failing) {
      console.error(`  ${finding.id} ${finding.package} (${finding.severity}) ${finding.title}`);
    }
    process.exit(1);
  }
  console.log(`npm audit: no advisory without a current review (${review.allowed.length} allowed).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
