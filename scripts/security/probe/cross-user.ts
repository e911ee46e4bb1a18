/**
 * Group 2, one client against another: the attacker (a client of the probe's
 * own, with consent) names the victim's records by id, in the path, the query
 * or the body, reads and writes them, gives and withdraws the victim's
 * consent, takes the ids of the victim's records for its own, and replays an
 * Idempotency-Key the victim used. Every request naming the victim is refused
 * (403 or 404); the attacker's own lists hold nothing of the victim's; and no
 * answer carries the victim's data.
 */
import { randomUUID } from 'node:crypto';
import { HIPAA_CONSENT_VERSION, exampleVisit } from '@contract';
import { ANSWERED, REFUSED, type ApiAnswer, type ApiRequest, type ProbeClient, type Verdict } from './client.ts';
import { addendum, bookingTime, newResult, signOff, type Fixtures } from './fixtures.ts';

const STAGE = 'cross-user';
/** A version no record has: a server that checked it before access would answer 412 with the record. */
const NO_VERSION = { 'if-match': '"0"' };
const VICTIM_MESSAGE = 'Probe: a message only the victim and the clinic may read.';

/** The victim's records, named by the attacker: each refused. */
function namingTheVictim(fixtures: Fixtures): ApiRequest[] {
  const { victim, place, firstDay } = fixtures;
  const id = victim.account.id;
  const profile = `/users/user-profiles/${id}`;
  const at = new Date().toISOString();
  const slots = new URLSearchParams({
    service: place.serviceId,
    clinic: place.clinicId,
    from: bookingTime(firstDay, 0),
    to: bookingTime(firstDay, 5),
    client: id,
  });
  return [
    { method: 'GET', path: `/users/users/${id}` },
    { method: 'PATCH', path: `/users/users/${id}`, body: { enabled: false } },
    { method: 'DELETE', path: `/users/users/${id}` },
    { method: 'GET', path: profile },
    { method: 'PATCH', path: profile, headers: NO_VERSION, body: { city: 'Elsewhere' } },
    {
      method: 'PATCH',
      path: profile,
      headers: NO_VERSION,
      body: { hipaa_consent: true, hipaa_consent_date: at, hipaa_consent_version: HIPAA_CONSENT_VERSION },
    },
    {
      method: 'PATCH',
      path: profile,
      headers: NO_VERSION,
      body: { hipaa_consent: false, hipaa_consent_date: null, hipaa_consent_version: null },
    },
    { method: 'GET', path: `/visits?client=${id}` },
    { method: 'GET', path: `/visits/${victim.signed.iv}` },
    { method: 'GET', path: `/visits/${victim.drafts.iv}` },
    { method: 'PUT', path: `/visits/${randomUUID()}`, body: exampleVisit('iv', { clientId: id }) },
    {
      method: 'PUT',
      path: `/visits/${victim.drafts.iv}`,
      headers: NO_VERSION,
      body: exampleVisit('iv', { clientId: id }),
    },
    {
      method: 'POST',
      path: `/visits/${victim.drafts.iv}/sign`,
      headers: NO_VERSION,
      body: signOff(),
    },
    { method: 'POST', path: `/visits/${victim.signed.iv}/addenda`, body: addendum('Not mine.') },
    { method: 'GET', path: `/assessments?client=${id}` },
    { method: 'POST', path: '/assessments', body: newResult(id, { type: 'who5', answers: [0, 0, 0, 0, 0] }) },
    { method: 'GET', path: `/appointments?client=${id}` },
    { method: 'GET', path: `/appointments/${victim.appointment}` },
    {
      method: 'PATCH',
      path: `/appointments/${victim.appointment}`,
      headers: NO_VERSION,
      body: { status: 'cancelled' },
    },
    {
      method: 'POST',
      path: '/appointments',
      body: {
        client_id: id,
        resource_id: place.resourceId,
        service_id: place.serviceId,
        starts_at: bookingTime(firstDay, 3),
      },
    },
    { method: 'GET', path: `/slots?${slots}` },
    { method: 'GET', path: `/support/threads/${victim.thread}` },
    { method: 'POST', path: `/support/threads/${victim.thread}/messages`, body: { id: randomUUID(), text: 'Hi.' } },
    { method: 'GET', path: `/users/user-program-enrollments?user=${id}` },
    {
      method: 'POST',
      path: '/users/user-program-enrollments',
      body: { user: id, program: 'metabolic_reset', start_date: '2031-02-02' },
    },
    {
      method: 'PATCH',
      path: `/users/user-program-enrollments/${victim.enrollment}`,
      headers: NO_VERSION,
      body: { status: 'paused' },
    },
    { method: 'DELETE', path: `/users/user-program-enrollments/${victim.enrollment}` },
    { method: 'GET', path: `/clients/${id}/alerts` },
    { method: 'GET', path: `/programs?client=${id}` },
  ];
}

/** The attacker's own lists: answered, with nothing of the victim's. */
const OWN_LISTS = ['/appointments', '/visits', '/assessments', '/support/threads', '/users/user-program-enrollments'];

/** Whether an answer carries anything of the victim's: its id, or the words of its messages. */
function leaks(answer: ApiAnswer, fixtures: Fixtures): boolean {
  const text = JSON.stringify(answer.body ?? '');
  return text.includes(fixtures.victim.account.id) || text.includes(VICTIM_MESSAGE);
}

function refusedWithoutLeak(fixtures: Fixtures) {
  return (answer: ApiAnswer): Verdict =>
    answer.status >= 400 && answer.status < 500 && !leaks(answer, fixtures)
      ? REFUSED
      : { expected: 'a refusal (4xx) carrying nothing of the victim' };
}

export async function probeCrossUser(probe: ProbeClient, fixtures: Fixtures): Promise<void> {
  const attacker = fixtures.attacker.account;
  const victim = fixtures.victim.account;
  for (const request of namingTheVictim(fixtures)) await probe.refusal(STAGE, attacker, request, [403, 404]);

  // The victim writes to the clinic under an Idempotency-Key; the attacker sends the same key to its own thread.
  const key = randomUUID();
  await probe.setup(
    victim,
    {
      method: 'POST',
      path: `/support/threads/${fixtures.victim.thread}/messages`,
      headers: { 'idempotency-key': key },
      body: { id: randomUUID(), text: VICTIM_MESSAGE },
    },
    201,
  );
  await probe.probe(
    STAGE,
    attacker,
    {
      method: 'POST',
      path: `/support/threads/${fixtures.attacker.thread}/messages`,
      headers: { 'idempotency-key': key },
      body: { id: randomUUID(), text: 'Probe: my own message.' },
    },
    (answer) =>
      leaks(answer, fixtures)
        ? { expected: 'its own answer, or a refusal, never the victim’s' }
        : answer.status < 300
          ? ANSWERED
          : REFUSED,
  );

  // The ids of the victim's records, taken for the attacker's own.
  const takenIds: ApiRequest[] = [
    {
      method: 'POST',
      path: '/support/threads',
      body: { id: fixtures.victim.thread, message_id: randomUUID(), subject: 'Mine now', text: 'Hello.' },
    },
    {
      method: 'POST',
      path: '/assessments',
      body: { ...newResult(attacker.id, { type: 'who5', answers: [2, 2, 2, 2, 2] }), id: fixtures.victim.thriveCheck },
    },
  ];
  for (const request of takenIds) await probe.probe(STAGE, attacker, request, refusedWithoutLeak(fixtures));

  for (const path of OWN_LISTS) {
    await probe.probe(STAGE, attacker, { method: 'GET', path }, (answer) =>
      answer.status === 200 && !leaks(answer, fixtures)
        ? ANSWERED
        : { expected: '200 with none of the victim’s records' },
    );
  }
}
