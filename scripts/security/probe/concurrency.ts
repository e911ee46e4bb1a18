/**
 * Group 7, races: twenty requests at once that only one may win. Twenty
 * bookings of one time on one resource (for three clients): exactly one 201,
 * the rest 409. Twenty changes of a profile made from the same version, and
 * twenty sign-offs of one draft: exactly one 200, the rest 412 (or 409 once
 * the visit is signed).
 */
import { randomUUID } from 'node:crypto';
import { ANSWERED, REFUSED, type ApiRequest, type ProbeClient, type Sender } from './client.ts';
import { bookingTime, etagOf, nurseDraft, signOff, type Fixtures } from './fixtures.ts';

const STAGE = 'concurrency';
const AT_ONCE = 20;

/** Sends the requests at once; exactly one may answer `won`, every other one of `lost`. */
async function onlyOneWins(
  probe: ProbeClient,
  requests: readonly { sender: Exclude<Sender, null>; request: ApiRequest }[],
  won: number,
  lost: readonly number[],
): Promise<void> {
  const answers = await Promise.all(requests.map(({ sender, request }) => probe.send(STAGE, sender, request)));
  let winners = 0;
  answers.forEach((answer, i) => {
    const { sender, request } = requests[i]!;
    if (answer.status === won) winners += 1;
    const verdict =
      answer.status === won && winners === 1
        ? ANSWERED
        : lost.includes(answer.status)
          ? REFUSED
          : { expected: winners > 1 && answer.status === won ? `only one ${won}` : lost.join(' or ') };
    probe.judged(STAGE, sender.label, request, answer.status, verdict);
  });
  if (winners === 0) {
    const { sender, request } = requests[0]!;
    probe.recorder.unexpected({ stage: STAGE, ...request, who: sender.label, status: 0, expected: `one ${won}` });
  }
}

export async function probeConcurrency(probe: ProbeClient, fixtures: Fixtures): Promise<void> {
  const { place, firstDay, staff } = fixtures;
  const clients = [fixtures.attacker.account, fixtures.victim.account, fixtures.leaver];
  const startsAt = bookingTime(firstDay, 7);
  await onlyOneWins(
    probe,
    Array.from({ length: AT_ONCE }, (_, i) => ({
      sender: staff.RECEPTION,
      request: {
        method: 'POST',
        path: '/appointments',
        body: {
          client_id: clients[i % clients.length]!.id,
          resource_id: place.resourceId,
          service_id: place.serviceId,
          starts_at: startsAt,
        },
      },
    })),
    201,
    [409],
  );

  const victim = fixtures.victim.account;
  const profile = `/users/user-profiles/${victim.id}`;
  const version = await etagOf(probe, victim, profile);
  await onlyOneWins(
    probe,
    Array.from({ length: AT_ONCE }, (_, i) => ({
      sender: victim,
      request: { method: 'PATCH', path: profile, headers: { 'if-match': version }, body: { city: `Probe ${i}` } },
    })),
    200,
    [412],
  );

  const draft = await nurseDraft(probe, staff.NURSE, victim.id, 'iv');
  await onlyOneWins(
    probe,
    Array.from({ length: AT_ONCE }, () => ({
      sender: staff.NURSE,
      request: {
        method: 'POST',
        path: `/visits/${draft.id}/sign`,
        headers: { 'if-match': draft.etag, 'idempotency-key': randomUUID() },
        body: signOff(),
      },
    })),
    200,
    [409, 412],
  );
}
