/**
 * Group 6, an anonymous flood: requests with made-up tokens from one address
 * (a documentation address, TEST-NET-2, given in X-Forwarded-For as the app's
 * proxy gives the client's; the API believes only a proxy on its own machine).
 * A secure API refuses them 401 until the address has used up its refusals,
 * then 429 without looking at the token; and the audit trail, read through the
 * admin API, grows by a few counted records for the address, not one per
 * request.
 */
import { ANSWERED, REFUSED, type Account, type ProbeClient, type Verdict } from './client.ts';

const STAGE = 'anonymous flood';
/** The audit records a flood from one address may leave on one route: the first refusal of each kind (401, 429) at once, and a count of each kind when its minute is up. */
const MOST_AUDIT_RECORDS = 4;

interface AuditPage {
  results: { id: number; source: string | null }[];
  next: number | null;
}

const auditPath = (query: Record<string, string>) => `/users/audit-events?${new URLSearchParams(query)}`;

/** The newest audit record's id, as the super admin reads it; null when the admin API refuses. */
async function newestAuditId(probe: ProbeClient, superAdmin: Account): Promise<number | null> {
  const answer = await probe.send(STAGE, superAdmin, { method: 'GET', path: auditPath({ page_size: '1' }) });
  if (answer.status !== 200) return null;
  return (answer.body as AuditPage).results[0]?.id ?? 0;
}

/** How many refusals from `address` the trail has recorded after `after`, and the status of the last read. */
async function auditRecordsOf(probe: ProbeClient, superAdmin: Account, address: string, after: number) {
  let count = 0;
  let untilId: number | undefined;
  for (let page = 1; ; page++) {
    const query = { action: 'requests.refused', page_size: '100', page: String(page) };
    const answer = await probe.send(STAGE, superAdmin, {
      method: 'GET',
      path: auditPath(untilId === undefined ? query : { ...query, until_id: String(untilId) }),
    });
    const { status } = answer;
    if (status !== 200) return { count, status };
    const { results, next } = answer.body as AuditPage;
    untilId ??= results[0]?.id;
    count += results.filter((record) => record.id > after && record.source === address).length;
    if (next === null || results.length === 0 || results.at(-1)!.id <= after) return { count, status };
  }
}

/**
 * Throttled: the address is answered 429 within the first half of the flood, and from then on at least nine
 * answers in ten are 429 (its bucket refills slowly, so a refused authentication now and then is checked again).
 */
function throttlingOf(statuses: readonly number[]) {
  const first = statuses.indexOf(429);
  const after = first < 0 ? [] : statuses.slice(first);
  const share = after.length === 0 ? 0 : after.filter((status) => status === 429).length / after.length;
  const throttled = first >= 0 && first < statuses.length / 2 && share >= 0.9;
  const told =
    first < 0
      ? 'never throttled'
      : `429 from request ${first + 1} on, ${Math.round(share * 100)} % of the answers after it`;
  return { throttled, told };
}

export async function probeFlood(probe: ProbeClient, superAdmin: Account, requests: number): Promise<void> {
  const address = `198.51.100.${1 + Math.floor(Math.random() * 254)}`;
  const before = await newestAuditId(probe, superAdmin);
  const request = { method: 'GET', path: '/users/users', headers: { 'x-forwarded-for': address } };
  const who = `anonymous at ${address}, a made-up token`;
  const statuses: number[] = [];
  for (let i = 0; i < requests; i++) {
    const answer = await probe.send(STAGE, { label: who, token: `made.up.${i}` }, request);
    statuses.push(answer.status);
    const verdict: Verdict = answer.status === 401 || answer.status === 429 ? REFUSED : { expected: '401 or 429' };
    probe.judged(STAGE, who, request, answer.status, verdict);
  }
  const { throttled, told } = throttlingOf(statuses);
  if (!throttled) {
    const expected = `429 within the first half, and nine answers in ten after it (${told})`;
    probe.recorder.unexpected({ stage: STAGE, ...request, who, status: statuses.at(-1) ?? 0, expected });
  }
  if (before === null) {
    probe.recorder.note(
      `${STAGE}: ${requests} requests, ${told}; the admin API refused the audit trail, so its growth was not counted.`,
    );
    return;
  }
  const { count, status } = await auditRecordsOf(probe, superAdmin, address, before);
  probe.judged(
    STAGE,
    superAdmin.label,
    { method: 'GET', path: '/users/audit-events?action=requests.refused' },
    status,
    status === 200 && count <= MOST_AUDIT_RECORDS
      ? ANSWERED
      : { expected: `at most ${MOST_AUDIT_RECORDS} audit records for the flood's address (found ${count})` },
  );
  probe.recorder.note(
    `${STAGE}: ${requests} requests, ${told}; the audit trail grew by ${count} records for its address ` +
      `(at most ${MOST_AUDIT_RECORDS}: the first 401 and 429 at once, a count of each when its minute is up).`,
  );
}
