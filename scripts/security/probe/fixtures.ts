/**
 * The probe's own records. It signs in as the demo staff (and the demo
 * account without a role), and makes clients of its own through the admin
 * API (a victim, an attacker, one that signs out) with a record of every
 * kind: an appointment, an enrollment, a message thread, results, and a draft
 * and a signed visit of every therapy. Whatever a probe writes lands on these;
 * deleting the accounts at the end deletes it all (their rows cascade), so the
 * demo data stays as it was, apart from the audit trail, which only grows.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  HIPAA_CONSENT_VERSION,
  exampleVisit,
  ROLES,
  isCallService,
  visitTherapyValues,
  type Role,
  type RoleOrNone,
  type VisitTherapy,
  type components,
} from '@contract';
import { DEMO_ACCOUNTS, DEMO_CLINIC } from '../../demo/accounts.ts';
import { firstSignIn, temporaryPasswordOf } from '../../identity/client.ts';
import type { Account, ProbeClient, Sender } from './client.ts';

type Schemas = components['schemas'];

/** Every role but the client's (the probe's own clients stand for it), and no role at all. */
export type StaffRole = Exclude<RoleOrNone, 'CLIENT'>;
export const STAFF_ROLES: readonly StaffRole[] = [
  ...ROLES.filter((role): role is Exclude<Role, 'CLIENT'> => role !== 'CLIENT'),
  'NO_ROLE',
];

/** A cardiovascular risk result's inputs, as staff share one. */
export const RISK_INPUT = {
  sex: 'male',
  age: 57,
  hdl_cholesterol: 44,
  total_cholesterol: 215,
  smoker: false,
  diabetic: false,
  treats_hypertension: false,
  systolic_bp: 132,
} as const;

/** A result taken now on the device for `clientId`: a Thrive check's answers, or a risk result's inputs. */
export function newResult(
  clientId: string,
  result: { type: 'who5'; answers: number[] } | { type: 'cardiovascular_risk'; cardiovascular_risk: typeof RISK_INPUT },
) {
  return { id: randomUUID(), client_id: clientId, taken_at: new Date().toISOString(), ...result };
}

/** A client of the probe's own and one record of each kind of its. */
export interface ClientRecords {
  account: Account;
  appointment: string;
  enrollment: string;
  thread: string;
  /** Its own Thrive check. */
  thriveCheck: string;
  /** A draft and a signed visit of every therapy. */
  drafts: Readonly<Record<VisitTherapy, string>>;
  signed: Readonly<Record<VisitTherapy, string>>;
}

/** Where the probe books: a clinic, a resource in it and a service that fits the resource. */
export interface BookingPlace {
  clinicId: string;
  resourceId: string;
  serviceId: string;
}

export interface Fixtures {
  /** This run's mark, in the names of everything it makes. */
  run: string;
  staff: Readonly<Record<StaffRole, Account>>;
  victim: ClientRecords;
  attacker: ClientRecords;
  /** Signs out in the sessions group (and so is of no use after it). */
  leaver: Account;
  /**
   * A SUPER_ADMIN of the probe's own, with a password: what other roles must not reach, and whose tokens the
   * identity probes try to get without it (the demo super admin keeps its password whatever happens).
   */
  superAdminTarget: Account;
  place: BookingPlace;
  /** A day far ahead, free at `place`: the probe books on it and the days after it. */
  firstDay: Date;
  /** Accounts made by the probe (including any a probe made that a secure server would have refused). */
  madeAccounts: string[];
}

/** The demo account that stands for `role`: the first ready one of the role (norole@ for none). */
function staffAccount(role: StaffRole): Account {
  const account = DEMO_ACCOUNTS.find((demo) => (demo.role ?? 'NO_ROLE') === role && demo.state === 'ready');
  if (!account) throw new Error(`No demo account stands for ${role}`);
  return { ...account, label: role === 'NO_ROLE' ? 'no role' : role.toLowerCase() };
}

/** 11:30 at Thrive Bengaluru (+05:30), `days` after `first`: inside its opening hours. */
export function bookingTime(first: Date, days: number): string {
  return new Date(first.getTime() + days * 86_400_000).toISOString().replace(/T.*/, 'T06:00:00Z');
}

async function bookingPlace(probe: ProbeClient, reception: Account): Promise<BookingPlace> {
  const clinics = (await probe.setup(reception, { method: 'GET', path: '/clinics' }, 200))
    .body as Schemas['ClinicList'];
  const clinic = clinics.results.find((item) => item.name === DEMO_CLINIC);
  if (!clinic) probe.failSetup('GET', '/clinics', reception.label, 200, `a clinic named ${DEMO_CLINIC}`);
  const [resources, services] = await Promise.all([
    probe.setup(reception, { method: 'GET', path: `/resources?clinic=${clinic.id}` }, 200),
    probe.setup(reception, { method: 'GET', path: '/services' }, 200),
  ]);
  for (const service of (services.body as Schemas['ServiceList']).results) {
    if (isCallService(service)) continue;
    const resource = (resources.body as Schemas['ResourceList']).results.find((item) =>
      service.resource_kinds.includes(item.kind),
    );
    if (resource) return { clinicId: clinic.id, resourceId: resource.id, serviceId: service.id };
  }
  return probe.failSetup('GET', '/services', reception.label, 200, 'a service bookable on a resource of the clinic');
}

/** Makes an account through the admin API, which signs in and chooses its password; a client gives consent. */
async function makeAccount(
  probe: ProbeClient,
  fixtures: Pick<Fixtures, 'run' | 'staff' | 'madeAccounts'>,
  name: string,
  role: 'CLIENT' | 'SUPER_ADMIN',
): Promise<Account> {
  const email = `probe-${fixtures.run}-${name}@thrive.test`;
  const created = await probe.setup(
    fixtures.staff.SUPER_ADMIN,
    {
      method: 'POST',
      path: '/users/users',
      body: { email, first_name: 'Probe', last_name: name, role, clinic: DEMO_CLINIC },
    },
    201,
  );
  const id = (created.body as Schemas['UserDetail']).Username;
  fixtures.madeAccounts.push(id);
  const account = { label: `${name} (probe's own)`, email, id, password: `Probe!${fixtures.run}x9` };
  const { identityUrl, clientId, identityDir, userPoolId } = probe.target;
  try {
    const temporary = await temporaryPasswordOf(identityDir, userPoolId, id);
    await firstSignIn(identityUrl, clientId, email, temporary, account.password);
    // Its sign-in, the new password and the sign-in with it: three answers of the identity service.
    for (let i = 0; i < 3; i++) probe.recorder.sent('setup', 200);
  } catch (error) {
    probe.failSetup('POST', 'identity RespondToAuthChallenge', name, 0, `a first sign-in (${String(error)})`);
  }
  if (role === 'CLIENT') await giveConsent(probe, account);
  return account;
}

/** The current ETag of a record, read by `sender`. */
export async function etagOf(probe: ProbeClient, sender: Sender, path: string): Promise<string> {
  const answer = await probe.setup(sender, { method: 'GET', path }, 200);
  return answer.headers.get('etag') ?? '';
}

async function giveConsent(probe: ProbeClient, account: Account): Promise<void> {
  const path = `/users/user-profiles/${account.id}`;
  const body = {
    hipaa_consent: true,
    hipaa_consent_date: new Date().toISOString(),
    hipaa_consent_version: HIPAA_CONSENT_VERSION,
  };
  const headers = { 'if-match': await etagOf(probe, account, path) };
  await probe.setup(account, { method: 'PATCH', path, body, headers }, 200);
}

/** A draft of `therapy` the nurse starts for `clientId`: its id and ETag. */
export async function nurseDraft(
  probe: ProbeClient,
  nurse: Account,
  clientId: string,
  therapy: VisitTherapy,
): Promise<{ id: string; etag: string }> {
  const id = randomUUID();
  const body = exampleVisit(therapy, { clientId });
  const answer = await probe.setup(nurse, { method: 'PUT', path: `/visits/${id}`, body }, 201);
  return { id, etag: answer.headers.get('etag') ?? '' };
}

/**
 * A sign-off as the API takes it, an electronic signature: its meaning and the signer's re-authentication (the
 * example drafts raise no plausibility warning to give a reason for).
 */
export function signOff(): Schemas['VisitSign'] {
  return { signed_on_device_at: new Date().toISOString(), meaning: 'performed', reauthenticated_with: 'password' };
}

/** An addendum as the API takes it, signed as the sign-off is. */
export function addendum(text: string): Schemas['AddendumCreate'] {
  return { id: randomUUID(), text, reauthenticated_with: 'password', written_on_device_at: new Date().toISOString() };
}

async function signedVisit(probe: ProbeClient, nurse: Account, clientId: string, therapy: VisitTherapy) {
  const { id, etag } = await nurseDraft(probe, nurse, clientId, therapy);
  const body = signOff();
  await probe.setup(nurse, { method: 'POST', path: `/visits/${id}/sign`, body, headers: { 'if-match': etag } }, 200);
  return id;
}

async function everyTherapy(work: (therapy: VisitTherapy) => Promise<string>) {
  const ids = await Promise.all(visitTherapyValues.map(work));
  return Object.fromEntries(visitTherapyValues.map((therapy, i) => [therapy, ids[i]!])) as Record<VisitTherapy, string>;
}

/** Something in a field of every section of the profile, so that a field a role may not read is there to leak. */
async function fillProfile(probe: ProbeClient, superAdmin: Account, id: string): Promise<void> {
  const path = `/users/user-profiles/${id}`;
  const body = {
    date_of_birth: '1980-02-03',
    phone_number: '+15555550190',
    city: 'Probe city',
    emergency_contact_name: 'Probe contact',
    occupation: 'Probe work',
    client_story: 'Probe: a story only the care team reads.',
    abha_number: '12345678901234',
  };
  const headers = { 'if-match': await etagOf(probe, superAdmin, path) };
  await probe.setup(superAdmin, { method: 'PATCH', path, body, headers }, 200);
}

/** A record of every kind for `account`, its appointment on day `day`. */
async function clientRecords(
  probe: ProbeClient,
  fixtures: Pick<Fixtures, 'staff' | 'place' | 'firstDay'>,
  account: Account,
  day: number,
): Promise<ClientRecords> {
  const { NURSE: nurse, DOCTOR: doctor, RECEPTION: reception, SUPER_ADMIN: superAdmin } = fixtures.staff;
  await fillProfile(probe, superAdmin, account.id);
  const post = (sender: Sender, path: string, body: unknown) =>
    probe.setup(sender, { method: 'POST', path, body }, 201).then((answer) => answer.body as { id: string });
  const [appointment, enrollment, thread, thriveCheck] = await Promise.all([
    post(reception, '/appointments', {
      client_id: account.id,
      resource_id: fixtures.place.resourceId,
      service_id: fixtures.place.serviceId,
      starts_at: bookingTime(fixtures.firstDay, day),
      notes: 'Probe: prefers the left arm.',
    }),
    post(superAdmin, '/users/user-program-enrollments', {
      user: account.id,
      program: 'iv_wellness',
      start_date: '2031-01-05',
      notes: 'Probe: iron low at intake.',
    }),
    post(account, '/support/threads', {
      id: randomUUID(),
      message_id: randomUUID(),
      subject: 'Probe',
      text: 'Can I eat before my drip?',
    }).then((answer) => (answer as unknown as Schemas['SupportThread']).thread),
    // A Thrive check of its own (not low: the probe raises no alert on the hub), and a risk result shared with it.
    post(account, '/assessments', newResult(account.id, { type: 'who5', answers: [3, 3, 3, 3, 3] })),
    post(
      doctor,
      '/assessments',
      newResult(account.id, { type: 'cardiovascular_risk', cardiovascular_risk: RISK_INPUT }),
    ),
  ]);
  const drafts = await everyTherapy(async (therapy) => (await nurseDraft(probe, nurse, account.id, therapy)).id);
  const signed = await everyTherapy((therapy) => signedVisit(probe, nurse, account.id, therapy));
  return {
    account,
    appointment: appointment.id,
    enrollment: enrollment.id,
    thread: thread.id,
    thriveCheck: thriveCheck.id,
    drafts,
    signed,
  };
}

/** A day 10 to 14 years ahead, other each run: nothing of the demo week or an earlier run is booked on it. */
function farDay(): Date {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 3650 + Math.floor(Math.random() * 1500));
  return day;
}

/** The demo staff, by role. */
export function demoStaff(): Record<StaffRole, Account> {
  return Object.fromEntries(STAFF_ROLES.map((role) => [role, staffAccount(role)])) as Record<StaffRole, Account>;
}

/** Makes the probe's accounts and records; `madeAccounts` lists each account as soon as it exists. */
export async function makeFixtures(probe: ProbeClient, madeAccounts: string[]): Promise<Fixtures> {
  const staff = demoStaff();
  const base = { run: randomBytes(4).toString('hex'), staff, madeAccounts };
  const withPlace = { ...base, place: await bookingPlace(probe, staff.RECEPTION), firstDay: farDay() };
  // One sign-in at a time: the local identity service writes its whole user store at each, and the probe reads
  // a new account's temporary password from that file.
  for (const account of Object.values(staff)) await probe.tokensOf(account);
  const victimAccount = await makeAccount(probe, withPlace, 'victim', 'CLIENT');
  const attackerAccount = await makeAccount(probe, withPlace, 'attacker', 'CLIENT');
  const leaver = await makeAccount(probe, withPlace, 'leaver', 'CLIENT');
  const superAdminTarget = await makeAccount(probe, withPlace, 'superadmin', 'SUPER_ADMIN');
  const [victim, attacker] = await Promise.all([
    clientRecords(probe, withPlace, victimAccount, 0),
    clientRecords(probe, withPlace, attackerAccount, 1),
  ]);
  return { ...withPlace, victim, attacker, leaver, superAdminTarget };
}
