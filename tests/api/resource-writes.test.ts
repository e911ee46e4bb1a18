/**
 * Minimum necessary when writing, generated from the one table like
 * resource-access.test.ts (which reads): every role charting, signing as an
 * electronic signature (its meaning, the signer's re-authentication, a reason
 * for a plausibility warning) and adding addenda, therapy by therapy;
 * recording a contact about a very low Thrive check; changing an enrollment
 * and advice field by field; entering and releasing lab results; a client's
 * message channels; a password reset and an invitation by whose account it
 * is; how a clinic's messages go out. A write is taken exactly when the role's grant reaches the
 * record and every field of the body is in its write set.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { decide, exampleVisit, readableFields, visitTherapyValues, writableFields, type VisitTherapy } from '@contract';
import { generateClients } from '../../scripts/demo/clients.ts';
import {
  REASON,
  addendum,
  adviceOf,
  callersOf,
  daysOn,
  enrollmentOf,
  enteredResult,
  lowCheckOf,
  nurseDraft,
  release,
  sign,
  signOff,
  signedVisit,
  type Caller,
} from '../support/access-cases.ts';
import { CURRENT, api, idOf, stack, type Problem, type Schemas } from '../support/api-client.ts';

/** Generated client 81 (it gave consent: its visits can be signed): this file's own. */
const CLIENT = generateClients(stack.generatedClients)[80];
if (!CLIENT?.hipaaConsent) throw new Error('Generated client 81 is missing or gave no consent');
const { everyCaller: EVERY_CALLER, roleOf, idOfCaller, granted, writesAll } = callersOf(CLIENT);
/** Generated client 82: the account whose password is reset (its sessions end, so it asks nothing here). */
const RESET_CLIENT = generateClients(stack.generatedClients)[81]!;

/** The client's records written below, made once. */
const made = { enrollment: '', lowCheck: '', advice: '', clinic: '' };

/** The one step of the coach's advice, which the client ticks off. */
const ADVICE_STEP = randomUUID();

beforeAll(async () => {
  // A very low check: its alert is what the care team follows up.
  const [enrollment, check, advice, clinics] = await Promise.all([
    enrollmentOf(CLIENT),
    lowCheckOf(CLIENT),
    adviceOf(CLIENT.id, ADVICE_STEP),
    api<Schemas['ClinicList']>('GET', '/clinics', { as: 'reception' }),
  ]);
  made.clinic = clinics.body.results.find((clinic) => clinic.name === 'Thrive Bengaluru')!.id;
  made.enrollment = enrollment.id;
  made.lowCheck = check.id;
  made.advice = advice.id;
});

describe.concurrent('recording a contact about a very low Thrive check: the care team', () => {
  it.each(EVERY_CALLER)('as %s', async (caller) => {
    const body: Schemas['WellbeingContactCreate'] = {
      id: randomUUID(),
      contacted_at: new Date().toISOString(),
      method: 'phone',
      outcome: 'no_answer',
      note: `Called by ${caller}; no answer.`,
    };
    const answer = await api<Schemas['Assessment'] | Problem>('POST', `/assessments/${made.lowCheck}/contacts`, {
      as: caller,
      body,
    });
    const allowed = granted(caller, 'assessments.contact') && writesAll(caller, 'assessment', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(allowed ? 201 : 403);
    if (!allowed) return;
    // The answer is the result as the caller reads it, the contact among its follow-up.
    const readable = readableFields('assessment', roleOf(caller));
    expect(Object.keys(answer.body).filter((field) => !readable.has(field))).toEqual([]);
    expect((answer.body as Schemas['Assessment']).contacts?.map((contact) => contact.id)).toContain(body.id);
  });
});

const THERAPY_CASES = visitTherapyValues.flatMap((therapy) => EVERY_CALLER.map((caller) => ({ therapy, caller })));

describe.concurrent('charting, signing and addenda, therapy by therapy', () => {
  const signedOf = new Map<VisitTherapy, Promise<string>>();
  const signed = (therapy: VisitTherapy) => {
    if (!signedOf.has(therapy)) signedOf.set(therapy, signedVisit(CLIENT.id, therapy));
    return signedOf.get(therapy)!;
  };

  it.each(THERAPY_CASES)('$therapy: a new draft as $caller', async ({ therapy, caller }) => {
    const draft = exampleVisit(therapy, { clientId: CLIENT.id });
    const answer = await api<Problem>('PUT', `/visits/${randomUUID()}`, { as: caller, body: draft });
    const charts = granted(caller, 'visits.chart', { therapy }) && writesAll(caller, 'visit', draft);
    expect(answer.status, JSON.stringify(answer.body)).toBe(charts ? 201 : 403);
  });

  const signs = ({ therapy, caller }: { therapy: VisitTherapy; caller: Caller }) =>
    granted(caller, 'visits.sign', { therapy }) && writesAll(caller, 'visit', signOff([]));

  it.each(THERAPY_CASES.filter(signs))(
    '$therapy: signing the nurse’s draft as $caller',
    async ({ therapy, caller }) => {
      const { id, version, warnings } = await nurseDraft(CLIENT.id, therapy);
      const answer = await sign(id, version, caller, warnings);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      // The signature is the signer's, with its meaning, re-authentication and the reason for the warning.
      expect((answer.body as Schemas['Visit']).signature).toMatchObject({
        by: idOfCaller(caller),
        role: roleOf(caller),
        meaning: 'performed',
        reauthenticated_with: 'password',
        warnings: warnings.map(({ field, code }) => ({ field, code, reason: REASON })),
      });
    },
  );

  // A refusal changes nothing: the roles that may not sign all try the same draft, which stays a draft.
  const refusedDrafts = new Map<VisitTherapy, ReturnType<typeof nurseDraft>>();
  const refusedDraft = (therapy: VisitTherapy) => {
    if (!refusedDrafts.has(therapy)) refusedDrafts.set(therapy, nurseDraft(CLIENT.id, therapy));
    return refusedDrafts.get(therapy)!;
  };

  it.each(THERAPY_CASES.filter((item) => !signs(item)))(
    '$therapy: signing the nurse’s draft as $caller: 403',
    async ({ therapy, caller }) => {
      const { id, version, warnings } = await refusedDraft(therapy);
      expect((await sign(id, version, caller, warnings)).status).toBe(403);
      expect((await api<Schemas['Visit']>('GET', `/visits/${id}`, { as: 'nurse' })).body.state).toBe('draft');
    },
  );

  it.each(THERAPY_CASES)('$therapy: an addendum as $caller', async ({ therapy, caller }) => {
    const body = addendum(`Added by ${caller}.`);
    const answer = await api<Problem>('POST', `/visits/${await signed(therapy)}/addenda`, { as: caller, body });
    // Addenda are for those who may sign the visit.
    const adds = granted(caller, 'visits.sign', { therapy }) && writesAll(caller, 'visit', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(adds ? 201 : 403);
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
    const answer = await release(await enteredResult(CLIENT.id), caller);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });

  // A refusal changes nothing: the roles that may not release all try the same result, which stays unreleased.
  let refused: Promise<string> | undefined;
  it.each(EVERY_CALLER.filter((caller) => !releases(caller)))('releasing as %s: 403', async (caller) => {
    refused ??= enteredResult(CLIENT.id);
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
