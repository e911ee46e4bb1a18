/**
 * What the generated access matrix (resource-access.test.ts, resource-writes.test.ts) shares: every caller
 * (the staff roles, ADMIN and the client itself) with what the contract's tables say of it, and a client's
 * therapy visits charted, signed and corrected, lab results entered and released, and advice written, as the API
 * takes them.
 */
import { randomUUID } from 'node:crypto';
import {
  VITALS_USUAL,
  decide,
  exampleVisit,
  plausibilityWarnings,
  writableFields,
  type AccessResource,
  type Operation,
  type Role,
  type Target,
  type VisitTherapy,
} from '@contract';
import type { DemoAccount } from '../../scripts/demo/accounts.ts';
import { api, idOf, type Actor, type Email, type Problem, type Schemas } from './api-client.ts';

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

/** Who asks: a staff role or ADMIN, or the client itself (by its e-mail). */
export type Caller = StaffActor | Email;

const isStaff = (caller: Caller): caller is StaffActor => caller in STAFF;

/** Everyone who asks about `client`'s records, and what the tables say of each. */
export function callersOf(client: Pick<DemoAccount, 'id' | 'email'>) {
  const owner = client.email as Email;
  const roleOf = (caller: Caller): Role => (isStaff(caller) ? STAFF[caller] : 'CLIENT');
  const idOfCaller = (caller: Caller) => (isStaff(caller) ? idOf(caller) : client.id);
  return {
    owner,
    everyCaller: [...(Object.keys(STAFF) as StaffActor[]), owner] as Caller[],
    roleOf,
    idOfCaller,
    /**
     * What the rules say of `caller` doing `operation` to the client's records (of `therapy`, for a visit;
     * `released` or not, for a lab result).
     */
    granted: (caller: Caller, operation: Operation, record: Pick<Target, 'therapy' | 'released'> = {}) =>
      decide({ id: idOfCaller(caller), role: roleOf(caller) }, operation, { id: client.id, role: 'CLIENT', ...record })
        .allowed,
    /** Whether `caller` may send `body` of `resource`: every field of it in its role's write set. */
    writesAll: (caller: Caller, resource: AccessResource, body: object) =>
      Object.keys(body).every((field) => writableFields(resource, roleOf(caller)).has(field)),
  };
}

export async function created<T>(answer: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await answer;
  if (status !== 201) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

/** Why the signer lets the pulse stand: the reason every signature of these tests gives for its one warning. */
export const REASON = 'Anxious about the cannula; 88 a minute once settled.';

/**
 * A complete draft of `therapy` for `clientId`, started by the nurse, with a pulse before the session that needs
 * a second look (a plausibility warning): its id, version and the warnings to answer when signing it.
 */
export async function nurseDraft(
  clientId: string,
  therapy: VisitTherapy,
): Promise<{ id: string; version: number; warnings: Schemas['WarningAcknowledgement'][] }> {
  const id = randomUUID();
  const example = exampleVisit(therapy, { clientId });
  const [before, ...rest] = example.vitals!;
  const draft = { ...example, vitals: [{ ...before!, heart_rate: VITALS_USUAL.heart_rate.high + 5 }, ...rest] };
  const visit = await created(
    api<Schemas['Visit']>('PUT', `/visits/${id}`, { as: 'nurse', body: draft }),
    `A ${therapy} draft`,
  );
  const warnings = plausibilityWarnings(draft, { plannedMinutes: null }).map(({ field, code }) => ({
    field,
    code,
    reason: REASON,
  }));
  if (warnings.length === 0) throw new Error(`The ${therapy} draft raises no warning to answer`);
  return { id, version: visit.version, warnings };
}

/** The sign-off as an electronic signature: its meaning, the signer's re-authentication and a reason per warning. */
export function signOff(warnings: Schemas['WarningAcknowledgement'][]): Schemas['VisitSign'] {
  return {
    signed_on_device_at: new Date().toISOString(),
    meaning: 'performed',
    reauthenticated_with: 'password',
    acknowledged_warnings: warnings,
    device_clock_offset_ms: 0,
  };
}

export function sign(id: string, version: number, as: Caller, warnings: Schemas['WarningAcknowledgement'][]) {
  return api<Schemas['Visit'] | Problem>('POST', `/visits/${id}/sign`, {
    as,
    ifMatch: `"${version}"`,
    body: signOff(warnings),
  });
}

/** An addendum, signed as the sign-off is (the author re-authenticated). */
export function addendum(text: string): Schemas['AddendumCreate'] {
  return { id: randomUUID(), text, reauthenticated_with: 'password', written_on_device_at: new Date().toISOString() };
}

/** A signed visit of `therapy` for `clientId`, charted and signed by the nurse, with one addendum. */
export async function signedVisit(clientId: string, therapy: VisitTherapy): Promise<string> {
  const { id, version, warnings } = await nurseDraft(clientId, therapy);
  const signed = await sign(id, version, 'nurse', warnings);
  if (signed.status !== 200) throw new Error(`Signing: ${signed.status} ${JSON.stringify(signed.body)}`);
  await created(
    api('POST', `/visits/${id}/addenda`, { as: 'nurse', body: addendum('Site checked next day.') }),
    'An addendum',
  );
  return id;
}

/** An enrollment of `client` in a program, with the care team's notes, made by the super admin. */
export function enrollmentOf(client: Pick<DemoAccount, 'id'>): Promise<Schemas['Enrollment']> {
  return created(
    api<Schemas['Enrollment']>('POST', '/users/user-program-enrollments', {
      as: 'super',
      body: { user: client.id, program: 'iv_wellness', start_date: '2031-01-05', notes: 'Iron low at intake.' },
    }),
    'An enrollment',
  );
}

/** A very low Thrive check `client` takes now (20 / 100): its alert is what the care team follows up. */
export function lowCheckOf(client: Pick<DemoAccount, 'id' | 'email'>): Promise<Schemas['Assessment']> {
  return created(
    api<Schemas['Assessment']>('POST', '/assessments', {
      as: client.email as Email,
      body: {
        id: randomUUID(),
        client_id: client.id,
        type: 'who5',
        taken_at: new Date().toISOString(),
        answers: [1, 1, 1, 1, 1],
      },
    }),
    'A Thrive check',
  );
}

/** A lab result of `clientId`'s (an HbA1c), entered by the nurse: its id. */
export async function enteredResult(clientId: string): Promise<string> {
  const result = await created(
    api<Schemas['Result']>('POST', '/results', {
      as: 'nurse',
      body: {
        id: randomUUID(),
        client_id: clientId,
        collected_at: '2026-03-02T08:15:00+05:30',
        observations: [{ loinc: '4548-4', value: 5.4 }],
      },
    }),
    'A lab result',
  );
  return result.id;
}

/** Releasing lab result `id` to its client, as `as`. */
export function release(id: string, as: Caller) {
  return api<Problem>('POST', `/results/${id}/release`, { as, ifMatch: '"1"', body: { note: 'Well within range.' } });
}

/** A lab result of `clientId`'s entered by the nurse and released by the doctor: its id. */
export async function releasedResult(clientId: string): Promise<string> {
  const id = await enteredResult(clientId);
  const released = await release(id, 'doctor');
  if (released.status !== 200) throw new Error(`Releasing: ${released.status} ${JSON.stringify(released.body)}`);
  return id;
}

/** A day `days` on from today, as advice's review date takes it. */
export const daysOn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The health coach's advice to `clientId`, with one step (`stepId`) for the client to tick off. */
export function adviceOf(clientId: string, stepId: string): Promise<Schemas['Advice']> {
  return created(
    api<Schemas['Advice']>('POST', '/advices', {
      as: 'coach',
      body: {
        id: randomUUID(),
        client_id: clientId,
        category: 'movement',
        title: 'Walk after meals',
        why: 'A short walk after eating steadies blood sugar.',
        steps: [{ id: stepId, text: 'Ten minutes after dinner.' }],
        review_on: daysOn(14),
      },
    }),
    'Advice',
  );
}
