/**
 * Minimum necessary, generated from the one table: every role against every
 * resource openapi/access describes, read (which fields each answer holds,
 * lists and details alike) and written (charting, signing and addenda
 * therapy by therapy; an enrollment field by field; a client's message
 * channels; a password reset and an invitation by whose account it is), and
 * filtering on a field it may not read. The expectations are read from the contract's tables
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

/** Generated clients 80 to 84: this file's own. */
const OWN_CLIENTS = generateClients(stack.generatedClients).slice(79, 84);
/** The first that gave consent: the client whose records every read names (its visits can be signed). */
const CLIENT = OWN_CLIENTS.find((client) => client.hipaaConsent);
if (!CLIENT) throw new Error('No consenting client among generated clients 80 to 84');
const OWNER = CLIENT.email as Email;
/** Another: the account whose password is reset (its sessions end, so it asks nothing here). */
const RESET_CLIENT = OWN_CLIENTS.find((client) => client.id !== CLIENT.id)!;

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

/** What the table says of `caller` doing `operation` to the client's records (of `therapy`, for a visit). */
function granted(caller: Caller, operation: Operation, therapy?: VisitTherapy): boolean {
  return decide({ id: idOfCaller(caller), role: roleOf(caller) }, operation, {
    id: CLIENT!.id,
    role: 'CLIENT',
    therapy,
  }).allowed;
}

/** The client's records every read below names, made once. */
const made = { signedVisit: '', appointment: '', thread: '', enrollment: '', clinic: '' };

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
  const [visit, appointment, thread, enrollment] = await Promise.all([
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
  ]);
  made.clinic = bengaluru.id;
  made.signedVisit = visit;
  made.appointment = appointment.id;
  made.thread = thread.thread.id;
  made.enrollment = enrollment.id;
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
    expect(answer.status, JSON.stringify(answer.body)).toBe(granted(caller, 'visits.chart', therapy) ? 201 : 403);
  });

  const signs = ({ therapy, caller }: { therapy: VisitTherapy; caller: Caller }) =>
    granted(caller, 'visits.sign', therapy);

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
    expect(answer.status, JSON.stringify(answer.body)).toBe(granted(caller, 'visits.sign', therapy) ? 201 : 403);
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

/** The channels the client has until it chooses (e-mail for every kind): every write below keeps them. */
const CHANNELS: Schemas['MessagePreferences'] = {
  booking_confirmation: { email: true, sms: false },
  reminder: { email: true, sms: false },
  appointment_change: { email: true, sms: false },
};

/** What the table says a caller choosing all of `CHANNELS` gets: the fields it may not write, or none. */
function channelsRefused(caller: Caller): string[] | null {
  if (!granted(caller, 'messages.preferences')) return null;
  const writable = writableFields('message-preferences', roleOf(caller));
  return Object.keys(CHANNELS).filter((field) => !writable.has(field));
}

describe.concurrent('choosing a client’s channels: the role’s write set, and 403 naming any other field', () => {
  const writesAll = (caller: Caller) => channelsRefused(caller)?.length === 0;

  it.each(EVERY_CALLER.filter(writesAll))('as %s', async (caller) => {
    const answer = await api('PUT', `/clients/${CLIENT.id}/message-preferences`, { as: caller, body: CHANNELS });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual(CHANNELS);
  });

  it.each(EVERY_CALLER.filter((caller) => !writesAll(caller)))('as %s: 403', async (caller) => {
    const answer = await api<Problem>('PUT', `/clients/${CLIENT.id}/message-preferences`, {
      as: caller,
      body: CHANNELS,
    });
    expect(answer.status).toBe(403);
    // A role with the grant is told which fields it may not write; one without, that the client is out of reach.
    expect(answer.body.errors?.map((error) => error.field)).toEqual(
      channelsRefused(caller)?.map((field) => `body.${field}`) ?? ['path.id'],
    );
  });
});

/** Whose password each caller tries to reset: a client, its own account, and the super admin's. */
const ACCOUNT_TARGETS = ['client', 'self', 'super'] as const;
const ACCOUNT_CASES = EVERY_CALLER.flatMap((caller) =>
  ACCOUNT_TARGETS.map((target) => ({
    caller,
    target,
    id: target === 'client' ? RESET_CLIENT.id : target === 'self' ? idOfCaller(caller) : idOf('super'),
    role: target === 'client' ? 'CLIENT' : target === 'self' ? roleOf(caller) : 'SUPER_ADMIN',
  })),
);
const resets = ({ caller, id, role }: (typeof ACCOUNT_CASES)[number]) =>
  decide({ id: idOfCaller(caller), role: roleOf(caller) }, 'users.reset-password', { id, role }).allowed;

// In order: a reset leaves the client waiting for a new password, so an invitation may then be sent again.
describe('a password reset and an invitation sent again, by role and whose account', () => {
  it.each(ACCOUNT_CASES)('a reset of $target as $caller', async (item) => {
    const answer = await api<Problem>('POST', `/users/users/${item.id}/password-reset`, { as: item.caller });
    expect(answer.status, JSON.stringify(answer.body)).toBe(resets(item) ? 202 : 403);
  });

  it.each(ACCOUNT_CASES)('an invitation to $target as $caller', async (item) => {
    const answer = await api<Problem>('POST', `/users/users/${item.id}/invitation`, { as: item.caller });
    expect(answer.status, JSON.stringify(answer.body)).toBe(resets(item) ? 202 : 403);
  });
});

describe.concurrent('changing how a clinic’s messages go out: the role’s write set, and 403 for any other role', () => {
  /** The clinic's messaging as it is: every change below writes it back unchanged. */
  const current = () =>
    api<Schemas['ClinicMessaging']>('GET', `/clinics/${made.clinic}/messaging`, { as: 'super' }).then(
      (answer) => answer.body,
    );
  const setsUp = (caller: Caller) =>
    granted(caller, 'clinics.messaging') &&
    ['reminder_lead_hours', 'care_inbox'].every((field) =>
      writableFields('clinic-messaging', roleOf(caller)).has(field),
    );

  it.each(EVERY_CALLER.filter(setsUp))('as %s', async (caller) => {
    const { reminder_lead_hours, care_inbox } = await current();
    const answer = await api('PATCH', `/clinics/${made.clinic}/messaging`, {
      as: caller,
      body: { reminder_lead_hours, care_inbox },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ reminder_lead_hours, care_inbox });
  });

  it.each(EVERY_CALLER.filter((caller) => !setsUp(caller)))('as %s: 403', async (caller) => {
    const { reminder_lead_hours } = await current();
    const answer = await api('PATCH', `/clinics/${made.clinic}/messaging`, {
      as: caller,
      body: { reminder_lead_hours },
    });
    expect(answer.status).toBe(403);
  });
});
