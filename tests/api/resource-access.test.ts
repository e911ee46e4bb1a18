/**
 * Minimum necessary, generated from the one table: every role against every
 * resource openapi/access describes, read (which fields each answer holds,
 * lists and details alike; a lab result not released yet) and written
 * (charting, signing and addenda therapy by therapy; an enrollment and advice
 * field by field; entering and releasing lab results), and filtering on a
 * field it may not read. The expectations are read from the contract's tables
 * (rules.ts, resource-fields.ts, profile-access.ts), so a grant or a
 * projection the server misses fails here; access-matrix.test.ts and
 * profile-fields.test.ts hold the same rules written out by hand.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  RESOURCE_FIELDS,
  decide,
  exampleVisit,
  profileFieldsShown,
  readableFields,
  visitTherapyValues,
  writableFields,
  type AccessResource,
  type Operation,
  type Role,
  type Target,
  type VisitTherapy,
} from '@contract';
import { generateClients } from '../../scripts/demo/clients.ts';
import {
  CURRENT,
  api,
  idOf,
  stack,
  type Actor,
  type Email,
  type Problem,
  type Schemas,
} from '../support/api-client.ts';

/** Generated clients 80 to 84 that gave consent: this file's own (their visits can be signed). */
const [CLIENT] = generateClients(stack.generatedClients)
  .slice(79, 84)
  .filter((client) => client.hipaaConsent);
if (!CLIENT) throw new Error('No consenting client among generated clients 80 to 84');
const OWNER = CLIENT.email as Email;

/** The staff roles and ADMIN, by the suite's demo accounts. */
const STAFF = {
  super: 'SUPER_ADMIN',
  admin: 'ADMIN',
  nurse: 'NURSE',
  reception: 'RECEPTION',
  doctor: 'DOCTOR',
  coach: 'HEALTH_COACH',
  nutrition: 'NUTRITIONIST',
} as const satisfies Partial<Record<Actor, Role>>;
type StaffActor = keyof typeof STAFF;

/** Everyone who asks: the staff roles, ADMIN, and the client itself. */
type Caller = StaffActor | Email;
const EVERY_CALLER: Caller[] = [...(Object.keys(STAFF) as StaffActor[]), OWNER];

const isStaff = (caller: Caller): caller is StaffActor => caller in STAFF;
const roleOf = (caller: Caller): Role => (isStaff(caller) ? STAFF[caller] : 'CLIENT');
const idOfCaller = (caller: Caller) => (isStaff(caller) ? idOf(caller) : CLIENT.id);

/**
 * What the table says of `caller` doing `operation` to the client's records (of `therapy`, for a visit;
 * `released` or not, for a lab result).
 */
function granted(caller: Caller, operation: Operation, record: Pick<Target, 'therapy' | 'released'> = {}): boolean {
  return decide({ id: idOfCaller(caller), role: roleOf(caller) }, operation, {
    id: CLIENT!.id,
    role: 'CLIENT',
    ...record,
  }).allowed;
}

/** The client's records every read below names, made once. */
const made = {
  signedVisit: '',
  appointment: '',
  thread: '',
  enrollment: '',
  releasedResult: '',
  unreleasedResult: '',
  advice: '',
};

/** The one step of the coach's advice, which the client ticks off. */
const ADVICE_STEP = randomUUID();

/** A lab result of the client's (an HbA1c), entered by the nurse: its id. */
async function enteredResult(): Promise<string> {
  const result = await created(
    api<Schemas['Result']>('POST', '/results', {
      as: 'nurse',
      body: {
        id: randomUUID(),
        client_id: CLIENT!.id,
        collected_at: '2026-03-02T08:15:00+05:30',
        observations: [{ loinc: '4548-4', value: 5.4 }],
      },
    }),
    'A lab result',
  );
  return result.id;
}

function release(id: string, as: Caller) {
  return api<Problem>('POST', `/results/${id}/release`, { as, ifMatch: '"1"', body: { note: 'Well within range.' } });
}

/** A result entered by the nurse and released by the doctor. */
async function releasedResult(): Promise<string> {
  const id = await enteredResult();
  const released = await release(id, 'doctor');
  if (released.status !== 200) throw new Error(`Releasing: ${released.status} ${JSON.stringify(released.body)}`);
  return id;
}

/** A day `days` on from today, as the advice's review date takes it. */
const daysOn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function created<T>(answer: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await answer;
  if (status !== 201) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

/** A complete draft of `therapy`, started by the nurse: its id and version. */
async function nurseDraft(therapy: VisitTherapy): Promise<{ id: string; version: number }> {
  const id = randomUUID();
  const visit = await created(
    api<Schemas['Visit']>('PUT', `/visits/${id}`, {
      as: 'nurse',
      body: exampleVisit(therapy, { clientId: CLIENT!.id }),
    }),
    `A ${therapy} draft`,
  );
  return { id, version: visit.version };
}

function sign(id: string, version: number, as: Caller) {
  return api<Problem>('POST', `/visits/${id}/sign`, {
    as,
    ifMatch: `"${version}"`,
    body: { signed_on_device_at: new Date().toISOString() },
  });
}

/** A signed visit of `therapy`, charted and signed by the nurse, with one addendum. */
async function signedVisit(therapy: VisitTherapy): Promise<string> {
  const { id, version } = await nurseDraft(therapy);
  const signed = await sign(id, version, 'nurse');
  if (signed.status !== 200) throw new Error(`Signing: ${signed.status} ${JSON.stringify(signed.body)}`);
  await created(
    api('POST', `/visits/${id}/addenda`, { as: 'nurse', body: { id: randomUUID(), text: 'Site checked next day.' } }),
    'An addendum',
  );
  return id;
}

beforeAll(async () => {
  const [clinics, resources, services] = await Promise.all([
    api<Schemas['ClinicList']>('GET', '/clinics', { as: 'reception' }),
    api<Schemas['ResourceList']>('GET', '/resources', { as: 'reception' }),
    api<Schemas['ServiceList']>('GET', '/services', { as: 'reception' }),
  ]);
  const bengaluru = clinics.body.results.find((clinic) => clinic.name === 'Thrive Bengaluru')!;
  const chair = resources.body.results.find((item) => item.clinic_id === bengaluru.id && item.name === 'IV chair 3')!;
  const drip = services.body.results.find((service) => service.name === 'IV hydration drip')!;
  const [visit, appointment, thread, enrollment, , released, unreleased, advice] = await Promise.all([
    signedVisit('iv'),
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
    created(
      api<Schemas['Enrollment']>('POST', '/users/user-program-enrollments', {
        as: 'super',
        body: { user: CLIENT.id, program: 'iv_wellness', start_date: '2031-01-05', notes: 'Iron low at intake.' },
      }),
      'An enrollment',
    ),
    created(
      api('POST', '/assessments', {
        as: OWNER,
        body: {
          id: randomUUID(),
          client_id: CLIENT.id,
          type: 'who5',
          taken_at: new Date().toISOString(),
          answers: [1, 1, 1, 1, 1],
        },
      }),
      'A Thrive check',
    ),
    releasedResult(),
    enteredResult(),
    created(
      api<Schemas['Advice']>('POST', '/advices', {
        as: 'coach',
        body: {
          id: randomUUID(),
          client_id: CLIENT.id,
          category: 'movement',
          title: 'Walk after meals',
          why: 'A short walk after eating steadies blood sugar.',
          steps: [{ id: ADVICE_STEP, text: 'Ten minutes after dinner.' }],
          review_on: daysOn(14),
        },
      }),
      'Advice',
    ),
  ]);
  made.signedVisit = visit;
  made.appointment = appointment.id;
  made.thread = thread.thread.id;
  made.enrollment = enrollment.id;
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

const FILTERS = EVERY_CALLER.filter((caller) => granted(caller, 'assessments.read'));
const readsAlert = (caller: Caller) => readableFields('assessment', roleOf(caller)).has('alert');

describe.concurrent('filtering results on a field: only a role that reads it', () => {
  it.each(FILTERS.filter(readsAlert))('alert=true as %s', async (caller) => {
    const answer = await api('GET', `/assessments?client=${CLIENT.id}&alert=true`, { as: caller });
    expect(answer.status).toBe(200);
  });

  it.each(FILTERS.filter((caller) => !readsAlert(caller)))('alert=true as %s: 403 naming it', async (caller) => {
    const answer = await api<Problem>('GET', `/assessments?client=${CLIENT.id}&alert=true`, { as: caller });
    expect(answer.status).toBe(403);
    expect(answer.body.errors?.map((error) => error.field)).toEqual(['query.alert']);
  });
});

const THERAPY_CASES = visitTherapyValues.flatMap((therapy) => EVERY_CALLER.map((caller) => ({ therapy, caller })));

describe.concurrent('charting, signing and addenda, therapy by therapy', () => {
  const signedOf = new Map<VisitTherapy, Promise<string>>();
  const signed = (therapy: VisitTherapy) => {
    if (!signedOf.has(therapy)) signedOf.set(therapy, signedVisit(therapy));
    return signedOf.get(therapy)!;
  };

  it.each(THERAPY_CASES)('$therapy: a new draft as $caller', async ({ therapy, caller }) => {
    const answer = await api<Problem>('PUT', `/visits/${randomUUID()}`, {
      as: caller,
      body: exampleVisit(therapy, { clientId: CLIENT.id }),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(granted(caller, 'visits.chart', { therapy }) ? 201 : 403);
  });

  const signs = ({ therapy, caller }: { therapy: VisitTherapy; caller: Caller }) =>
    granted(caller, 'visits.sign', { therapy });

  it.each(THERAPY_CASES.filter(signs))(
    '$therapy: signing the nurse’s draft as $caller',
    async ({ therapy, caller }) => {
      const { id, version } = await nurseDraft(therapy);
      const answer = await sign(id, version, caller);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    },
  );

  // A refusal changes nothing: the roles that may not sign all try the same draft, which stays a draft.
  const refusedDrafts = new Map<VisitTherapy, ReturnType<typeof nurseDraft>>();
  const refusedDraft = (therapy: VisitTherapy) => {
    if (!refusedDrafts.has(therapy)) refusedDrafts.set(therapy, nurseDraft(therapy));
    return refusedDrafts.get(therapy)!;
  };

  it.each(THERAPY_CASES.filter((item) => !signs(item)))(
    '$therapy: signing the nurse’s draft as $caller: 403',
    async ({ therapy, caller }) => {
      const { id, version } = await refusedDraft(therapy);
      expect((await sign(id, version, caller)).status).toBe(403);
      expect((await api<Schemas['Visit']>('GET', `/visits/${id}`, { as: 'nurse' })).body.state).toBe('draft');
    },
  );

  it.each(THERAPY_CASES)('$therapy: an addendum as $caller', async ({ therapy, caller }) => {
    const answer = await api<Problem>('POST', `/visits/${await signed(therapy)}/addenda`, {
      as: caller,
      body: { id: randomUUID(), text: `Added by ${caller}.` },
    });
    // Addenda are for those who may sign the visit.
    expect(answer.status, JSON.stringify(answer.body)).toBe(granted(caller, 'visits.sign', { therapy }) ? 201 : 403);
  });
});

/** A value the contract takes for each field of an enrollment change. */
const ENROLLMENT_CHANGES: Record<keyof Schemas['EnrollmentPatch'], unknown> = {
  program: 'iv_wellness',
  status: 'active',
  start_date: '2031-01-05',
  end_date: '2031-12-31',
  notes: 'Iron low at intake.',
};

const ENROLLMENT_CASES = EVERY_CALLER.filter((caller) => granted(caller, 'enrollments.write')).flatMap((caller) =>
  (Object.keys(ENROLLMENT_CHANGES) as (keyof typeof ENROLLMENT_CHANGES)[]).map((field) => ({ caller, field })),
);
const writes = ({ caller, field }: { caller: Caller; field: string }) =>
  writableFields('enrollment', roleOf(caller)).has(field);

function changeEnrollment(caller: Caller, field: keyof typeof ENROLLMENT_CHANGES) {
  return api<Schemas['Enrollment'] | Problem>('PATCH', `/users/user-program-enrollments/${made.enrollment}`, {
    as: caller,
    ifMatch: CURRENT,
    body: { [field]: ENROLLMENT_CHANGES[field] },
  });
}

describe('writing an enrollment: the fields of the role’s write set, and 403 naming any other', () => {
  it.each(ENROLLMENT_CASES.filter(writes))('$field as $caller', async ({ caller, field }) => {
    const answer = await changeEnrollment(caller, field);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // The answer to a change is projected too.
    const readable = readableFields('enrollment', roleOf(caller));
    expect(Object.keys(answer.body).filter((key) => !readable.has(key))).toEqual([]);
  });

  it.each(ENROLLMENT_CASES.filter((item) => !writes(item)))('$field as $caller: 403', async ({ caller, field }) => {
    const answer = await changeEnrollment(caller, field);
    expect(answer.status).toBe(403);
    expect((answer.body as Problem).errors?.map((error) => error.field)).toEqual([`body.${field}`]);
  });
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

describe.concurrent('entering and releasing lab results', () => {
  it.each(EVERY_CALLER)('entering a result as %s', async (caller) => {
    const answer = await api<Problem>('POST', '/results', {
      as: caller,
      body: {
        id: randomUUID(),
        client_id: CLIENT.id,
        collected_at: '2026-03-03T08:15:00+05:30',
        lab: 'Apex Diagnostics',
        observations: [{ loinc: '1558-6', value: 92, unit: 'mg/dL' }],
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(granted(caller, 'results.write') ? 201 : 403);
  });

  const releases = (caller: Caller) => granted(caller, 'results.release');

  it.each(EVERY_CALLER.filter(releases))('releasing as %s', async (caller) => {
    const answer = await release(await enteredResult(), caller);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });

  // A refusal changes nothing: the roles that may not release all try the same result, which stays unreleased.
  let refused: Promise<string> | undefined;
  it.each(EVERY_CALLER.filter((caller) => !releases(caller)))('releasing as %s: 403', async (caller) => {
    refused ??= enteredResult();
    const id = await refused;
    expect((await release(id, caller)).status).toBe(403);
    expect((await api<Schemas['Result']>('GET', `/results/${id}`, { as: 'nurse' })).body.released).toBe(false);
  });
});

/** A value the contract takes for each field of a change of advice. */
const ADVICE_CHANGES: Record<keyof Schemas['AdvicePatch'], unknown> = {
  category: 'nutrition',
  title: 'Walk after every meal',
  why: 'A short walk after eating steadies blood sugar and sleep.',
  steps: [{ id: ADVICE_STEP, text: 'Fifteen minutes after dinner.' }],
  review_on: daysOn(21),
  acknowledged: true,
  done: { [ADVICE_STEP]: true },
};

const ADVICE_CASES = EVERY_CALLER.flatMap((caller) =>
  (Object.keys(ADVICE_CHANGES) as (keyof typeof ADVICE_CHANGES)[]).map((field) => ({ caller, field })),
);
/** Whether the caller changes advice at all: its writers, and the client following its own. */
const changesAdvice = (caller: Caller) => granted(caller, 'advices.write') || granted(caller, 'advices.follow');
const writesAdvice = ({ caller, field }: { caller: Caller; field: string }) =>
  changesAdvice(caller) && writableFields('advice', roleOf(caller)).has(field);

function changeAdvice(caller: Caller, field: keyof typeof ADVICE_CHANGES) {
  return api<Schemas['Advice'] | Problem>('PATCH', `/advices/${made.advice}`, {
    as: caller,
    ifMatch: CURRENT,
    body: { [field]: ADVICE_CHANGES[field] },
  });
}

describe('changing advice: the fields of the role’s write set, and 403 naming any other', () => {
  it.each(ADVICE_CASES.filter(writesAdvice))('$field as $caller', async ({ caller, field }) => {
    const answer = await changeAdvice(caller, field);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });

  it.each(ADVICE_CASES.filter((item) => !writesAdvice(item)))('$field as $caller: 403', async ({ caller, field }) => {
    const answer = await changeAdvice(caller, field);
    expect(answer.status, JSON.stringify(answer.body)).toBe(403);
    // A role that changes advice is told which field is not its own; one that does not, that it may not.
    const named = changesAdvice(caller) ? [`body.${field}`] : [];
    expect((answer.body as Problem).errors?.map((error) => error.field) ?? []).toEqual(named);
  });
});
