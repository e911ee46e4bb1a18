/**
 * `npm run check:audit`: the project's dependencies (production and
 * development: both run on CI machines and developers' machines) against the
 * npm registry's advisories, reviewed against audit-allowlist.json. Fails on
 * an advisory nobody has reviewed (exit 1) or on a review that has lapsed.
 * When the advisory service cannot be asked (some registry mirrors refuse
 * its POST) it exits 3: the check has not run, which is not a pass; .ci/run
 * says so in its log and goes on. Needs the registry, so CI runs it besides
 * `npm test`.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { reviewAudit, type AllowedAdvisory, type AuditReport } from './audit-report.ts';

const root = path.resolve(import.meta.dirname, '../..');
const NOT_RUN = 3;

/** npm prints an error object (no `auditReportVersion`) when the service refused or could not be reached. */
function parseReport(stdout: string): AuditReport | undefined {
  try {
    const parsed = JSON.parse(stdout) as AuditReport;
    return parsed.auditReportVersion === 2 ? parsed : undefined;
  } catch {
    return undefined;
  }
}

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
  const report = parseReport(stdout);
  if (!report) {
    console.error(
      `npm audit could not ask the advisory service; advisories were NOT checked:\n${stdout.slice(0, 2000)}`,
    );
    process.exit(NOT_RUN);
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
