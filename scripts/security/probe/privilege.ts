/**
 * Group 3, privilege, generated from the access table: every role (each staff
 * role, ADMIN, SUPER_ADMIN, an account without a role, a client) sends every
 * request of operations.ts that the rules of openapi/access deny it, and must
 * be refused with 403. Staff and the account without a role act on the
 * victim's records; the client on its own (what a client may not do even to
 * its own record: chart, sign, enroll, share a risk result, delete itself).
 * A request the rules allow is not sent: the sweep writes nothing it may.
 */
import { decide, listScopeOf, reachesEveryone, type Caller, type RoleOrNone } from '@contract';
import { inTurns, type Account, type ApiAnswer, type ProbeClient } from './client.ts';
import { STAFF_ROLES, bookingTime, type ClientRecords, type Fixtures } from './fixtures.ts';
import { ACCOUNT_REQUESTS, DELETING_REQUESTS } from './operations-accounts.ts';
import { CARE_REQUESTS } from './operations-care.ts';
import type { OperationRequest, ProbeContext, Rule } from './operations.ts';

const STAGE = 'privilege';

interface Actor {
  role: RoleOrNone;
  account: Account;
  /** The client whose records it names. */
  subject: ClientRecords;
}

function allows(caller: Caller, rule: Rule, context: ProbeContext): boolean {
  const { operation } = rule;
  switch (rule.of) {
    case 'subject':
      return decide(caller, operation, { id: context.subject.account.id, role: 'CLIENT', therapy: rule.therapy })
        .allowed;
    case 'super admin':
      return decide(caller, operation, { id: context.fixtures.superAdminTarget.id, role: 'SUPER_ADMIN' }).allowed;
    case 'everyone':
      return reachesEveryone(caller, operation) || (rule.or !== undefined && reachesEveryone(caller, rule.or));
    case 'some':
      return listScopeOf(caller, operation).via !== 'none';
    case 'role':
      return listScopeOf(caller, operation).via === 'role';
    case 'own': {
      const own = decide(caller, operation, { id: caller.id, role: caller.role });
      return own.allowed && own.via === 'self';
    }
    default:
      return decide(caller, operation, { id: null, role: rule.of.role }).allowed;
  }
}

/** The requests the table denies each actor, with the context they name. */
function deniedCases(
  actors: readonly Actor[],
  base: Omit<ProbeContext, 'subject'>,
  requests: readonly OperationRequest[],
) {
  return actors.flatMap((actor) => {
    const context = { ...base, subject: actor.subject };
    const caller: Caller = { id: actor.account.id, role: actor.role };
    return requests
      .filter((request) => !request.rules.every((rule) => allows(caller, rule, context)))
      .map((request) => ({ actor, context, request }));
  });
}

/** What a request wrongly let through changed outside the probe's own records, undone. */
async function undo(probe: ProbeClient, fixtures: Fixtures, method: string, path: string, answer: ApiAnswer) {
  if (answer.status >= 300) return;
  const made = (answer.body as { Username?: string } | null)?.Username;
  if (method === 'POST' && path === '/users/users' && made) fixtures.madeAccounts.push(made);
  if (method === 'PATCH' && path.startsWith('/users/users/')) {
    await probe.setup(fixtures.staff.SUPER_ADMIN, { method, path, body: { enabled: true } }, 200);
  }
}

export async function probePrivilege(probe: ProbeClient, fixtures: Fixtures): Promise<void> {
  const programs = await probe.setup(fixtures.staff.SUPER_ADMIN, { method: 'GET', path: '/programs' }, 200);
  const programId = (programs.body as { results: { id: string }[] }).results[0]?.id ?? '';
  // Bookings wrongly let through land on days of their own, after those the other groups book.
  let day = 30;
  const base = { fixtures, programId, nextBookingTime: () => bookingTime(fixtures.firstDay, day++) };
  const actors: Actor[] = [
    ...STAFF_ROLES.map((role) => ({ role, account: fixtures.staff[role], subject: fixtures.victim })),
    { role: 'CLIENT', account: fixtures.attacker.account, subject: fixtures.attacker },
  ];
  const send = async ({ actor, context, request }: ReturnType<typeof deniedCases>[number]) => {
    const sent = request.request(context);
    const answer = await probe.refusal(STAGE, actor.account, sent);
    await undo(probe, fixtures, sent.method, sent.path, answer);
  };
  await inTurns(deniedCases(actors, base, [...ACCOUNT_REQUESTS, ...CARE_REQUESTS]), 4, send);
  // Deletions last, one at a time: one wrongly let through spoils no probe still to come.
  for (const item of deniedCases(actors, base, DELETING_REQUESTS)) await send(item);
}
