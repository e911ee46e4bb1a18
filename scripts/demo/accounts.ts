/**
 * The demo accounts of the local stack: one per role (a second nurse, doctor
 * and receptionist) and one per sign-in state.
 * Both the identity seed and the database seed read this list, so an account's
 * identity user and its profile always share the same id.
 */
import { stableUuid } from './stable-id.ts';

export type Role =
  'CLIENT' | 'NURSE' | 'RECEPTION' | 'DOCTOR' | 'HEALTH_COACH' | 'NUTRITIONIST' | 'ADMIN' | 'SUPER_ADMIN';

/** How the account behaves at sign-in. */
export type DemoState =
  'ready' | 'new-password-required' | 'totp' | 'totp-setup' | 'sms' | 'reset-required' | 'unconfirmed' | 'unverified';

export interface DemoAccount {
  /** The identity username and the API's user id. */
  id: string;
  email: string;
  password: string;
  role: Role | null;
  state: DemoState;
  firstName: string;
  lastName: string;
  gender: 'M' | 'F' | null;
  dateOfBirth: string | null;
  phone: string | null;
  /** Whether the profile records a HIPAA authorization (clients). */
  hipaaConsent: boolean;
  /** Base32 secret of an enrolled authenticator app. */
  totpSecret?: string;
  /** Whether a profile row exists in the API's database. */
  hasProfile: boolean;
}

export const DEMO_PASSWORD = 'Thrive!2026';
export const DEMO_TEMPORARY_PASSWORD = 'Temp!2026';
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
/** Every code the local identity service sends (e-mail, SMS, confirmation). */
export const DEMO_CODE = '123456';
export const DEMO_CLINIC = 'Thrive Bengaluru';

type Seed = Omit<DemoAccount, 'id' | 'password' | 'hipaaConsent' | 'hasProfile' | 'phone' | 'gender' | 'dateOfBirth'> &
  Partial<Pick<DemoAccount, 'password' | 'hipaaConsent' | 'hasProfile' | 'phone' | 'gender' | 'dateOfBirth'>>;

function account(seed: Seed): DemoAccount {
  return {
    id: stableUuid(`thrive-demo:${seed.email}`),
    password: DEMO_PASSWORD,
    hipaaConsent: seed.role !== 'CLIENT',
    hasProfile: true,
    phone: null,
    gender: null,
    dateOfBirth: null,
    ...seed,
  };
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  account({
    email: 'super@thrive.test',
    role: 'SUPER_ADMIN',
    state: 'ready',
    firstName: 'Sana',
    lastName: 'Kapoor',
    gender: 'F',
  }),
  account({
    email: 'admin@thrive.test',
    role: 'ADMIN',
    state: 'ready',
    firstName: 'Arjun',
    lastName: 'Mehta',
    gender: 'M',
  }),
  account({
    email: 'nurse@thrive.test',
    role: 'NURSE',
    state: 'ready',
    firstName: 'Nina',
    lastName: 'Thomas',
    gender: 'F',
  }),
  account({
    // A second nurse for the bay's handovers: one tablet, two nurses charting one visit.
    email: 'nurse2@thrive.test',
    role: 'NURSE',
    state: 'ready',
    firstName: 'Joseph',
    lastName: 'Mathew',
    gender: 'M',
  }),
  account({
    email: 'reception@thrive.test',
    role: 'RECEPTION',
    state: 'ready',
    firstName: 'Ravi',
    lastName: 'Iyer',
    gender: 'M',
  }),
  account({
    email: 'doctor@thrive.test',
    role: 'DOCTOR',
    state: 'ready',
    firstName: 'Divya',
    lastName: 'Rao',
    gender: 'F',
  }),
  account({
    email: 'coach@thrive.test',
    role: 'HEALTH_COACH',
    state: 'ready',
    firstName: 'Kabir',
    lastName: 'Singh',
    gender: 'M',
  }),
  account({
    email: 'nutrition@thrive.test',
    role: 'NUTRITIONIST',
    state: 'ready',
    firstName: 'Meera',
    lastName: 'Nair',
    gender: 'F',
  }),
  // Nurses, a doctor and a receptionist more: a shared tablet or the front desk changing hands. Signing out ends a
  // user's sessions on every device, so the end-to-end tests that sign staff out use these, each spec its own, and
  // no other test does.
  account({
    email: 'nurse3@thrive.test',
    role: 'NURSE',
    state: 'ready',
    firstName: 'Tessa',
    lastName: 'Abraham',
    gender: 'F',
  }),
  account({
    email: 'nurse4@thrive.test',
    role: 'NURSE',
    state: 'ready',
    firstName: 'Ines',
    lastName: 'Carvalho',
    gender: 'F',
  }),
  account({
    email: 'nurse5@thrive.test',
    role: 'NURSE',
    state: 'ready',
    firstName: 'Rosa',
    lastName: 'Menezes',
    gender: 'F',
  }),
  account({
    email: 'doctor2@thrive.test',
    role: 'DOCTOR',
    state: 'ready',
    firstName: 'Vivek',
    lastName: 'Ramani',
    gender: 'M',
  }),
  account({
    email: 'doctor3@thrive.test',
    role: 'DOCTOR',
    state: 'ready',
    firstName: 'Leela',
    lastName: 'Varghese',
    gender: 'F',
  }),
  account({
    email: 'reception2@thrive.test',
    role: 'RECEPTION',
    state: 'ready',
    firstName: 'Nadia',
    lastName: 'Pereira',
    gender: 'F',
  }),
  account({
    email: 'client@thrive.test',
    role: 'CLIENT',
    state: 'ready',
    firstName: 'Priya',
    lastName: 'Sharma',
    gender: 'F',
    dateOfBirth: '1986-04-12',
    phone: '+15555550111',
    hipaaConsent: false,
  }),
  account({
    email: 'client2@thrive.test',
    role: 'CLIENT',
    state: 'ready',
    firstName: 'Daniel',
    lastName: 'Okafor',
    gender: 'M',
    dateOfBirth: '1979-09-30',
    phone: '+15555550112',
    hipaaConsent: true,
  }),
  account({
    // Not consented either, for tests that give the HIPAA consent (client@ stays the one a person tries it with).
    email: 'consent@thrive.test',
    role: 'CLIENT',
    state: 'ready',
    firstName: 'Asha',
    lastName: 'Menon',
    gender: 'F',
    dateOfBirth: '1991-06-18',
    phone: '+15555550115',
    hipaaConsent: false,
  }),
  account({
    // Consented, for the passkey unlock test alone: it signs out, which ends the account's sessions everywhere.
    email: 'passkey@thrive.test',
    role: 'CLIENT',
    state: 'ready',
    firstName: 'Kavya',
    lastName: 'Rao',
    gender: 'F',
    dateOfBirth: '1994-02-21',
    phone: '+15555550116',
    hipaaConsent: true,
  }),
  account({
    email: 'norole@thrive.test',
    role: null,
    state: 'ready',
    firstName: 'Noor',
    lastName: 'Ali',
    hasProfile: false,
  }),
  account({
    email: 'newpass@thrive.test',
    role: 'CLIENT',
    state: 'new-password-required',
    password: DEMO_TEMPORARY_PASSWORD,
    firstName: 'Neha',
    lastName: 'Pillai',
    gender: 'F',
    dateOfBirth: '1992-01-05',
  }),
  account({
    email: 'totp@thrive.test',
    role: 'NURSE',
    state: 'totp',
    totpSecret: DEMO_TOTP_SECRET,
    firstName: 'Tara',
    lastName: 'Joseph',
    gender: 'F',
  }),
  account({
    email: 'totpsetup@thrive.test',
    role: 'NURSE',
    state: 'totp-setup',
    firstName: 'Tomas',
    lastName: 'Fernandes',
    gender: 'M',
  }),
  account({
    email: 'sms@thrive.test',
    role: 'DOCTOR',
    state: 'sms',
    phone: '+15555550101',
    firstName: 'Samir',
    lastName: 'Khan',
    gender: 'M',
  }),
  account({
    email: 'reset@thrive.test',
    role: 'CLIENT',
    state: 'reset-required',
    firstName: 'Rhea',
    lastName: 'Das',
    gender: 'F',
    dateOfBirth: '1990-07-21',
  }),
  account({
    email: 'unconfirmed@thrive.test',
    role: 'CLIENT',
    state: 'unconfirmed',
    firstName: 'Uma',
    lastName: 'Bose',
    gender: 'F',
    dateOfBirth: '1995-03-14',
  }),
  account({
    email: 'unverified@thrive.test',
    role: 'CLIENT',
    state: 'unverified',
    firstName: 'Vikram',
    lastName: 'Reddy',
    gender: 'M',
    dateOfBirth: '1983-11-02',
    phone: '+15555550114',
  }),
];

export function demoAccount(email: string): DemoAccount {
  const found = DEMO_ACCOUNTS.find((a) => a.email === email);
  if (!found) throw new Error(`No demo account ${email}`);
  return found;
}
