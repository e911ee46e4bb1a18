/**
 * Minimum necessary, generated from the one table: every role against every
 * resource openapi/access describes, read (which fields each answer holds,
 * lists and details alike; a lab result not released yet; the messages the
 * clinic sent and the care inbox's alerts), and filtering on a field it may
 * not read;
 * resource-writes.test.ts writes them. The expectations are read from the
 * contract's tables (rules.ts, resource-fields.ts, profile-access.ts), so a
 * grant or a projection the server misses fails here; access-matrix.test.ts
 * and profile-fields.test.ts hold the same rules written out by hand.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_FIELDS, profileFieldsShown, readableFields, type AccessResource } from '@contract';
import { generateClients } from '../../scripts/demo/clients.ts';
import {
  adviceOf,
  callersOf,
  created,
  enrollmentOf,
  enteredResult,
  lowCheckOf,
  releasedResult,
  signedVisit,
  type Caller,
} from '../support/access-cases.ts';
import { api, stack, type Problem, type Schemas } from '../support/api-client.ts';

/** Generated client 80 (it gave consent: its visits can be signed): this file's own. */
const CLIENT = generateClients(stack.generatedClients)[79];
if (!CLIENT?.hipaaConsent) throw new Error('Generated client 80 is missing or gave no consent');
const { owner: OWNER, everyCaller: EVERY_CALLER, roleOf, idOfCaller, granted } = callersOf(CLIENT);

/** The client's records every read below names, made once. */
const made = {
  signedVisit: '',
  appointment: '',
  thread: '',
  releasedResult: '',
  unreleasedResult: '',
  advice: '',
  clinic: '',
};

beforeAll(async () => {
  const [clinics, resources, services] = await Promise.all([
    api<Schemas['ClinicList']>('GET', '/clinics', { as: 'reception' }),
    api<Schemas['ResourceList']>('GET', '/resources', { as: 'reception' }),
    api<Schemas['ServiceList']>('GET', '/services', { as: 'reception' }),
  ]);
  const bengaluru = clinics.body.results.find((clinic) => clinic.name === 'Thrive Bengaluru')!;
  const chair = resources.body.results.find((item) => item.clinic_id === bengaluru.id && item.name === 'IV chair 3')!;
  const drip = services.body.results.find((service) => service.name === 'IV hydration drip')!;
  // An enrollment and a very low Thrive check (with a contact about it) are read by the client's id.
  const [visit, appointment, thread, , , released, unreleased, advice] = await Promise.all([
    signedVisit(CLIENT.id, 'iv'),
    created(
      api<Schemas['Appointment']>('POST', '/appointments', {
        as: 'reception',
        body: {
          client_id: CLIENT.id,
          resource_id: chair.id,
          service_id: drip.id,
          starts_at: '2032-05-03T10:00:00+05:30',
          notes: 'Prefers the left arm.',
        },
      }),
      'An appointment',
    ),
    created(
      api<Schemas['SupportThread']>('POST', '/support/threads', {
        as: OWNER,
        body: { id: randomUUID(), message_id: randomUUID(), subject: 'My drip', text: 'Can I eat before it?' },
      }),
      'A thread',
    ),
    enrollmentOf(CLIENT),
    // A very low check: its alert, and the care team's contacts about it, are read below.
    lowCheckOf(CLIENT).then((check) =>
      created(
        api('POST', `/assessments/${check.id}/contacts`, {
          as: 'nurse',
          body: { id: randomUUID(), contacted_at: new Date().toISOString(), method: 'phone', outcome: 'no_answer' },
        }),
        'A contact',
      ),
    ),
    releasedResult(CLIENT.id),
    enteredResult(CLIENT.id),
    adviceOf(CLIENT.id, randomUUID()),
  ]);
  made.clinic = bengaluru.id;
  made.clinic = bengaluru.id;
  made.signedVisit = visit;
  made.appointment = appointment.id;
  made.thread = thread.thread.id;
  made.releasedResult = released;
  made.unreleasedResult = unreleased;
  made.advice = advice.id;
});

interface Read {
  path: () => string;
  /** The records of `resource` an answer holds. */
  records: (body: unknown) => object[];
}

const one = (body: unknown) => [body as object];
/** The client's own records of a list (a staff list holds other clients' too). */
const listed = (body: unknown) =>
  (body as { results: Record<string, unknown>[] }).results.filter(
    (record) => record.client_id === CLIENT.id || record.user === CLIENT.id,
  );

/** Every record of a list about the client alone (its messages). */
const results = (body: unknown) => (body as { results: object[] }).results;

/** Where each resource of the table is read, as one record and as a list. */
const READS: Record<AccessResource, Record<string, Read>> = {
  visit: {
    'GET /visits/{id}': { path: () => `/visits/${made.signedVisit}`, records: one },
    'GET /visits?client=': { path: () => `/visits?client=${CLIENT.id}`, records: listed },
  },
  alerts: {
    'GET /clients/{id}/alerts': { path: () => `/clients/${CLIENT.id}/alerts`, records: one },
  },
  assessment: {
    'GET /assessments?client=': { path: () => `/assessments?client=${CLIENT.id}`, records: listed },
  },
  appointment: {
    'GET /appointments/{id}': { path: () => `/appointments/${made.appointment}`, records: one },
    'GET /appointments?client=': { path: () => `/appointments?client=${CLIENT.id}`, records: listed },
  },
  'support-thread': {
    'GET /support/threads/{id}': {
      path: () => `/support/threads/${made.thread}`,
      records: (body) => [body as object, (body as Schemas['SupportThread']).thread],
    },
    'GET /support/threads': { path: () => '/support/threads', records: listed },
  },
  enrollment: {
    'GET /users/user-program-enrollments?user=': {
      path: () => `/users/user-program-enrollments?user=${CLIENT.id}`,
      records: listed,
    },
  },
  result: {
    'GET /results/{id}': { path: () => `/results/${made.releasedResult}`, records: one },
    'GET /results?client=': { path: () => `/results?client=${CLIENT.id}`, records: listed },
  },
  advice: {
    'GET /advices?client=': { path: () => `/advices?client=${CLIENT.id}`, records: listed },
  },
  // The booking above wrote the client's confirmation.
  message: {
    'GET /clients/{id}/messages': { path: () => `/clients/${CLIENT.id}/messages`, records: results },
    'GET /appointments/{id}/messages': { path: () => `/appointments/${made.appointment}/messages`, records: results },
  },
  // The client's Thrive check above alerted the care inbox.
  'staff-alert': {
    'GET /messages/staff-alerts': { path: () => '/messages/staff-alerts', records: results },
  },
  'clinic-messaging': {
    'GET /clinics/{id}/messaging': { path: () => `/clinics/${made.clinic}/messaging`, records: one },
  },
  'message-preferences': {
    'GET /clients/{id}/message-preferences': { path: () => `/clients/${CLIENT.id}/message-preferences`, records: one },
  },
};

it('reads every resource of the table somewhere', () => {
  expect(Object.keys(READS).sort()).toEqual(Object.keys(RESOURCE_FIELDS).sort());
});

const READ_CASES = (Object.keys(READS) as AccessResource[]).flatMap((resource) =>
  Object.entries(READS[resource]).flatMap(([name, read]) =>
    EVERY_CALLER.map((caller) => ({ resource, name, read, caller })),
  ),
);
const mayRead = ({ resource, caller }: { resource: AccessResource; caller: Caller }) =>
  granted(caller, RESOURCE_FIELDS[resource].readBy);

/** Each path as the super admin (who reads everything) gets it: the whole record, read once. */
const wholeAnswers = new Map<string, Promise<unknown>>();
function wholeAnswer(path: string): Promise<unknown> {
  if (!wholeAnswers.has(path))
    wholeAnswers.set(
      path,
      api('GET', path, { as: 'super' }).then((answer) => answer.body),
    );
  return wholeAnswers.get(path)!;
}

// Each case asks once and changes nothing the others read: they run side by side.
describe.concurrent('reading: each answer holds exactly the fields the caller’s role reads', () => {
  it.each(READ_CASES.filter(mayRead))('$name as $caller', async ({ resource, read, caller }) => {
    const answer = await api('GET', read.path(), { as: caller });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const whole = read.records(await wholeAnswer(read.path()));
    const records = read.records(answer.body);
    expect(records.length).toBeGreaterThan(0);
    const readable = readableFields(resource, roleOf(caller));
    expect(records.flatMap((record) => Object.keys(record).filter((field) => !readable.has(field)))).toEqual([]);
    // What the caller reads is there (the first record stands for the rest).
    const first = records[0] as { id?: string };
    const reference = whole.find((record) => (record as { id?: string }).id === first.id) ?? whole[0]!;
    const expected = Object.keys(reference).filter((field) => readable.has(field));
    expect(Object.keys(first).sort()).toEqual(expected.sort());
  });

  it.each(READ_CASES.filter((item) => !mayRead(item)))('$name as $caller: 403', async ({ read, caller }) => {
    const answer = await api('GET', read.path(), { as: caller });
    expect(answer.status, JSON.stringify(answer.body)).toBe(403);
  });
});

/** The care team: asked to call a client (a very low Thrive check), they read its phone number. */
const CALLS_CLIENTS = new Set<Caller>(['nurse', 'doctor', 'coach', 'nutrition']);

describe.concurrent(
  'reading a profile: the fields of the role’s sections, and the care team the client’s phone',
  () => {
    it.each(EVERY_CALLER.filter((caller) => caller !== OWNER))('as %s', async (caller) => {
      const answer = await api<Schemas['Profile']>('GET', `/users/user-profiles/${CLIENT.id}`, { as: caller });
      const shown = profileFieldsShown(
        { id: idOfCaller(caller), role: roleOf(caller) },
        { id: CLIENT.id, role: 'CLIENT' },
      );
      expect(answer.status).toBe(200);
      const fields = ['phone_number', 'city', 'clinic', 'client_story', 'abha_number'] as const;
      expect(fields.filter((field) => Object.hasOwn(answer.body, field))).toEqual(
        fields.filter((field) => shown.has(field)),
      );
      expect(shown.has('phone_number') || !CALLS_CLIENTS.has(caller)).toBe(true);
    });

    it.each([...CALLS_CLIENTS])('answers %s the client’s phone number', async (caller) => {
      const answer = await api<Schemas['Profile']>('GET', `/users/user-profiles/${CLIENT.id}`, { as: caller });
      expect(answer.body.phone_number).toBe(CLIENT.phone);
    });
  },
);

/** Each filter of the results and the field whose value it tells. */
const FILTERED_FIELDS = { alert: 'alert', awaiting_contact: 'contacts' } as const;
const FILTER_CASES = EVERY_CALLER.filter((caller) => granted(caller, 'assessments.read')).flatMap((caller) =>
  (Object.keys(FILTERED_FIELDS) as (keyof typeof FILTERED_FIELDS)[]).map((parameter) => ({ caller, parameter })),
);
const readsFiltered = ({ caller, parameter }: (typeof FILTER_CASES)[number]) =>
  readableFields('assessment', roleOf(caller)).has(FILTERED_FIELDS[parameter]);

describe.concurrent('filtering results on a field: only a role that reads it', () => {
  it.each(FILTER_CASES.filter(readsFiltered))('$parameter=true as $caller', async ({ caller, parameter }) => {
    const answer = await api('GET', `/assessments?client=${CLIENT.id}&${parameter}=true`, { as: caller });
    expect(answer.status).toBe(200);
  });

  it.each(FILTER_CASES.filter((item) => !readsFiltered(item)))(
    '$parameter=true as $caller: 403 naming it',
    async ({ caller, parameter }) => {
      const answer = await api<Problem>('GET', `/assessments?client=${CLIENT.id}&${parameter}=true`, { as: caller });
      expect(answer.status).toBe(403);
      expect(answer.body.errors?.map((error) => error.field)).toEqual([`query.${parameter}`]);
    },
  );
});

const RESULT_READERS = EVERY_CALLER.filter((caller) => granted(caller, 'results.read'));
const readsCritical = (caller: Caller) => readableFields('result', roleOf(caller)).has('critical');

describe.concurrent('filtering lab results on whether they are critical: only a role that reads it', () => {
  it.each(RESULT_READERS.filter(readsCritical))('critical=false as %s', async (caller) => {
    const answer = await api('GET', `/results?client=${CLIENT.id}&critical=false`, { as: caller });
    expect(answer.status).toBe(200);
  });

  it.each(RESULT_READERS.filter((caller) => !readsCritical(caller)))(
    'critical=false as %s: 403 naming it',
    async (caller) => {
      const answer = await api<Problem>('GET', `/results?client=${CLIENT.id}&critical=false`, { as: caller });
      expect(answer.status).toBe(403);
      expect(answer.body.errors?.map((error) => error.field)).toEqual(['query.critical']);
    },
  );
});

describe.concurrent(
  'a lab result not released yet: read by the roles reaching every result, not there for the rest',
  () => {
    const seesUnreleased = (caller: Caller) => granted(caller, 'results.read', { released: false });

    it.each(EVERY_CALLER)('GET /results/{id} as %s', async (caller) => {
      const answer = await api('GET', `/results/${made.unreleasedResult}`, { as: caller });
      // A grant reaching only released results answers as for a result that does not exist.
      const expected = seesUnreleased(caller) ? 200 : granted(caller, 'results.read') ? 404 : 403;
      expect(answer.status, JSON.stringify(answer.body)).toBe(expected);
    });

    it.each(RESULT_READERS)('GET /results?client= as %s', async (caller) => {
      const answer = await api<Schemas['ResultList']>('GET', `/results?client=${CLIENT.id}`, { as: caller });
      const ids = answer.body.results.map((result) => result.id);
      expect(ids).toContain(made.releasedResult);
      expect(ids.includes(made.unreleasedResult)).toBe(seesUnreleased(caller));
    });
  },
);
