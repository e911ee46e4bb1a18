/**
 * The security probe (`npm run probe`) against the suite's stack, so that it
 * cannot rot: every group sends its probes, and none gets an answer a secure
 * server would not give, nor a 5xx. The suite's API has rate limits far above
 * what the suite sends, so the anonymous flood goes to an API of the test's
 * own with the product's limits and its counting of refusals.
 */
import { expect, it } from 'vitest';
import { closeRefusalTallies } from '../../server/core/refusals.ts';
import { GROUPS, formatReport, type ProbeReport } from '../../scripts/security/probe/report.ts';
import { runProbe } from '../../scripts/security/probe/run.ts';
import { stack } from '../support/api-client.ts';
import { startInProcessApi } from '../support/in-process-api.ts';

const target = {
  apiUrl: stack.apiUrl,
  identityUrl: stack.identityUrl,
  clientId: stack.clientId,
  identityDir: stack.identityDir,
  userPoolId: stack.userPoolId,
};

/** No unexpected answer, no 5xx, and each group refused (or answered) what it sent. */
function expectClean(report: ProbeReport, groups: readonly string[]) {
  const printed = formatReport(report);
  expect(report.unexpected, printed).toEqual([]);
  for (const group of groups) {
    const tally = report.tallies.get(group as never);
    expect(tally?.requests, `${group}\n${printed}`).toBeGreaterThan(0);
    expect(tally!.refused + tally!.answered, group).toBeGreaterThan(0);
  }
  expect(
    [...report.tallies.values()].map((tally) => tally.serverErrors),
    printed,
  ).toEqual([...report.tallies.values()].map(() => 0));
  expect(report.passed).toBe(true);
}

it('gets only the answers a secure server gives, and no 5xx', async () => {
  const groups = GROUPS.filter((group) => group !== 'anonymous flood');
  const report = await runProbe(target, { groups });
  expectClean(report, groups);
  // About a thousand requests with their setup: room to spare on a machine shared with other work.
}, 240_000);

it('sees an anonymous flood throttled, in a few audit records', async () => {
  const api = await startInProcessApi();
  try {
    const report = await runProbe({ ...target, apiUrl: api.url }, { groups: ['anonymous flood'] });
    expectClean(report, ['anonymous flood']);
    expect(report.tallies.get('anonymous flood')?.refused).toBe(300);
  } finally {
    await closeRefusalTallies(api.db);
    await api.stop();
  }
  // Most of it is the API's own start (an embedded database, migrated).
}, 180_000);
