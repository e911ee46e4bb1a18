/**
 * Group 8, preconditions and input. `If-Match: *` on every record that
 * carries a version is refused with 428 (it would skip the version check).
 * Malformed requests (a wrong type, a date that does not exist, a missing or
 * unknown field, a NUL character, text that is not JSON, a bad id in the path,
 * the query or a header) are refused with 400, as a problem naming the field;
 * a body over the limit with 413. Each is sent by someone who may write the
 * record, so that nothing but the input is at fault.
 */
import { randomUUID } from 'node:crypto';
import { exampleVisit } from '@contract';
import {
  REFUSED,
  isProblem,
  type Account,
  type ApiAnswer,
  type ApiRequest,
  type ProbeClient,
  type Verdict,
} from './client.ts';
import { bookingTime, newResult, signOff, type Fixtures } from './fixtures.ts';

const STAGE = 'preconditions and input';
const ANY_VERSION = { 'if-match': '*' };
/** A version, not the record's: the body is checked against the contract before the version is. */
const ANY_OLD_VERSION = { 'if-match': '"1"' };

/** 400 as a problem whose errors name `field` (or a field inside it). */
function naming(field: string) {
  return (answer: ApiAnswer): Verdict => {
    const errors = (answer.body as { errors?: { field?: string }[] } | null)?.errors ?? [];
    const named = errors.some((error) => error.field === field || error.field?.startsWith(`${field}.`));
    return answer.status === 400 && isProblem(answer) && named ? REFUSED : { expected: `400 naming ${field}` };
  };
}

async function anyVersion(probe: ProbeClient, fixtures: Fixtures): Promise<void> {
  const { victim, staff } = fixtures;
  const cases: [Account, ApiRequest][] = [
    [
      victim.account,
      { method: 'PATCH', path: `/users/user-profiles/${victim.account.id}`, body: { city: 'Probe city' } },
    ],
    [
      staff.SUPER_ADMIN,
      { method: 'PATCH', path: `/users/user-program-enrollments/${victim.enrollment}`, body: { status: 'active' } },
    ],
    [staff.RECEPTION, { method: 'PATCH', path: `/appointments/${victim.appointment}`, body: { notes: 'Probe' } }],
    [
      staff.NURSE,
      {
        method: 'PUT',
        path: `/visits/${victim.drafts.hbot}`,
        body: exampleVisit('hbot', { clientId: victim.account.id }),
      },
    ],
    [
      staff.NURSE,
      {
        method: 'POST',
        path: `/visits/${victim.drafts.pet}/sign`,
        body: signOff(),
      },
    ],
  ];
  for (const [sender, request] of cases) {
    await probe.refusal(STAGE, sender, { ...request, headers: ANY_VERSION }, [428]);
  }
}

async function malformed(probe: ProbeClient, fixtures: Fixtures): Promise<void> {
  const { victim, staff, place, firstDay } = fixtures;
  const client = victim.account;
  const profile = `/users/user-profiles/${client.id}`;
  const enrollment = `/users/user-program-enrollments/${victim.enrollment}`;
  const thread = { id: randomUUID(), message_id: randomUUID(), subject: 'Probe', text: 'Probe: a question.' };
  const tooHigh = exampleVisit('iv', { clientId: client.id });
  tooHigh.vitals = tooHigh.vitals?.map((entry) => ({ ...entry, systolic: 9000 }));
  const cases: [Account, ApiRequest, string][] = [
    [client, { method: 'PATCH', path: profile, headers: ANY_OLD_VERSION, body: { city: 42 } }, 'body.city'],
    [
      staff.SUPER_ADMIN,
      { method: 'PATCH', path: enrollment, headers: ANY_OLD_VERSION, body: { colour: 'red' } },
      'body.colour',
    ],
    [
      staff.RECEPTION,
      {
        method: 'POST',
        path: '/appointments',
        body: {
          client_id: client.id,
          resource_id: place.resourceId,
          service_id: place.serviceId,
          starts_at: 'tomorrow at ten',
        },
      },
      'body.starts_at',
    ],
    [
      staff.RECEPTION,
      {
        method: 'POST',
        path: '/appointments',
        body: {
          client_id: client.id,
          resource_id: 'chair-3',
          service_id: place.serviceId,
          starts_at: bookingTime(firstDay, 9),
        },
      },
      'body.resource_id',
    ],
    [
      client,
      {
        method: 'POST',
        path: '/assessments',
        body: { ...newResult(client.id, { type: 'who5', answers: [] }), answers: 'five' },
      },
      'body.answers',
    ],
    [
      client,
      {
        method: 'POST',
        path: '/assessments',
        body: { ...newResult(client.id, { type: 'who5', answers: [3, 3, 3, 3, 3] }), taken_at: '1900-01-01T09:00:00Z' },
      },
      'body.taken_at',
    ],
    [
      staff.SUPER_ADMIN,
      {
        method: 'POST',
        path: '/users/users',
        body: { email: 'not-an-email', first_name: 'Probe', last_name: 'Probe', role: 'CLIENT' },
      },
      'body.email',
    ],
    [
      staff.SUPER_ADMIN,
      {
        method: 'POST',
        path: '/users/user-program-enrollments',
        body: { user: client.id, program: 'metabolic_reset', start_date: '2031-02-30' },
      },
      'body.start_date',
    ],
    [client, { method: 'POST', path: '/support/threads', body: { ...thread, text: undefined } }, 'body.text'],
    [client, { method: 'POST', path: '/support/threads', body: { ...thread, subject: 'Pro\u0000be' } }, 'body.subject'],
    [client, { method: 'POST', path: '/support/threads', body: '{"id": "' }, 'body'],
    [staff.NURSE, { method: 'PUT', path: `/visits/${randomUUID()}`, body: tooHigh }, 'body.vitals'],
    [staff.SUPER_ADMIN, { method: 'GET', path: '/users/users?page_size=0' }, 'query.page_size'],
    [staff.NURSE, { method: 'GET', path: '/visits/not-a-uuid' }, 'path.id'],
    [
      staff.SUPER_ADMIN,
      { method: 'GET', path: '/users/users', headers: { 'x-thrive-device': 'nope' } },
      'header.x-thrive-device',
    ],
  ];
  for (const [sender, request, field] of cases) await probe.probe(STAGE, sender, request, naming(field));
  const large = { ...thread, id: randomUUID(), text: 'x'.repeat(70_000) };
  await probe.refusal(STAGE, client, { method: 'POST', path: '/support/threads', body: large }, [413]);
}

export async function probeInput(probe: ProbeClient, fixtures: Fixtures): Promise<void> {
  await anyVersion(probe, fixtures);
  await malformed(probe, fixtures);
}
