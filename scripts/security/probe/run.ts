/**
 * The sweep: makes the probe's own records, runs the groups, and deletes what
 * it made, whatever happened. Reads and refusals go first, then the races,
 * then privilege (whose deletions, were one let through, would spoil the rest),
 * and the anonymous flood last.
 */
import { ProbeClient, SetupFailed, type ProbeTarget } from './client.ts';
import { probeConcurrency } from './concurrency.ts';
import { probeCrossUser } from './cross-user.ts';
import { demoStaff, makeFixtures, type Fixtures } from './fixtures.ts';
import { probeFlood } from './flood.ts';
import { probeIdentity } from './identity.ts';
import { probeInput } from './input.ts';
import { probeMinimumNecessary } from './minimum-necessary.ts';
import { probePrivilege } from './privilege.ts';
import { GROUPS, type Group, type ProbeReport } from './report.ts';
import { probeSessions } from './sessions.ts';

export type { ProbeTarget } from './client.ts';

export interface ProbeOptions {
  /** The groups to run; every one by default. */
  groups?: readonly Group[];
  /** How many requests the anonymous flood sends (300). */
  floodRequests?: number;
}

const IN_ORDER: readonly [Group, (probe: ProbeClient, fixtures: Fixtures) => Promise<void>][] = [
  ['identity', probeIdentity],
  ['cross-user', probeCrossUser],
  ['minimum necessary', probeMinimumNecessary],
  ['preconditions and input', probeInput],
  ['sessions', probeSessions],
  ['concurrency', probeConcurrency],
  ['privilege', probePrivilege],
];

export async function runProbe(target: ProbeTarget, options: ProbeOptions = {}): Promise<ProbeReport> {
  const probe = new ProbeClient(target);
  const groups = new Set(options.groups ?? GROUPS);
  const superAdmin = demoStaff().SUPER_ADMIN;
  const made: string[] = [];
  try {
    if (IN_ORDER.some(([group]) => groups.has(group))) {
      const fixtures = await makeFixtures(probe, made);
      for (const [group, run] of IN_ORDER) if (groups.has(group)) await run(probe, fixtures);
    }
    if (groups.has('anonymous flood')) await probeFlood(probe, superAdmin, options.floodRequests ?? 300);
  } catch (error) {
    if (!(error instanceof SetupFailed)) throw error;
    probe.recorder.note(`The sweep stopped: ${error.message}`);
  } finally {
    // Deleting an account deletes its records; one already gone (404) is fine.
    for (const id of made) {
      const path = `/users/users/${id}`;
      const answer = await probe.send('setup', superAdmin, { method: 'DELETE', path });
      if (answer.status !== 204 && answer.status !== 404) {
        probe.recorder.unexpected({
          stage: 'setup',
          method: 'DELETE',
          path,
          who: superAdmin.label,
          status: answer.status,
          expected: '204',
        });
      }
    }
  }
  return probe.recorder.report();
}
