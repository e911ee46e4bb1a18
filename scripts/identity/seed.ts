/**
 * Seeds cognito-local's files for the local stack: one user pool with fixed
 * ids (so the app's configuration never changes between machines), one app
 * client, and a user per demo account in the sign-in state the account asks for.
 *
 * cognito-local loads pools only at start and keeps them in memory, writing the
 * whole file back on every change, so these files are written while the
 * emulator is stopped. Existing data is never overwritten: a second start keeps
 * what users did (changed passwords, enrolled apps).
 */
import { access, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Secret } from 'otpauth';
import { ACCESS_TOKEN_LIFETIME_SECONDS, CLIENT_SESSION_LIMIT_SECONDS } from '@contract';
import { DEMO_CODE, DEMO_TOTP_SECRET, type DemoAccount } from '../demo/accounts.ts';
import type { StackConfig } from '../stack/config.ts';
import {
  identityFiles,
  readMfaSetupUsernames,
  writeFileAtomic,
  writeMfaSetupUsernames,
  type IdentityFiles,
} from './files.ts';

/** A name/value pair as Cognito stores user attributes. */
interface Attribute {
  Name: string;
  Value: string;
}

/** A user record as cognito-local 5.3 persists it (lib/services/userPoolService.d.ts, `User`). */
export interface EmulatorUser {
  Username: string;
  Password: string;
  UserStatus: 'CONFIRMED' | 'UNCONFIRMED' | 'FORCE_CHANGE_PASSWORD' | 'RESET_REQUIRED';
  Enabled: boolean;
  /** ISO strings: the emulator revives every key ending in `Date` into a Date. */
  UserCreateDate: string;
  UserLastModifiedDate: string;
  Attributes: Attribute[];
  RefreshTokens: string[];
  MFAOptions?: { DeliveryMedium: 'SMS'; AttributeName: 'phone_number' }[];
  UserMFASettingList?: ('SMS_MFA' | 'SOFTWARE_TOKEN_MFA')[];
  PreferredMfaSetting?: 'SMS_MFA' | 'SOFTWARE_TOKEN_MFA';
  SoftwareTokenMfaConfiguration?: { Secret: string; Verified: boolean; FriendlyDeviceName?: string };
  ConfirmationCode?: string;
}

interface PoolFile {
  Options: Record<string, unknown>;
  Users: Record<string, EmulatorUser>;
  Groups: Record<string, unknown>;
}

// The standard attributes every Cognito pool has. The pool file's Options
// replace cognito-local's defaults wholesale, so they are spelled out here;
// without them UpdateUserAttributes would reject e.g. given_name.
const STANDARD_STRING_ATTRIBUTES = [
  'name',
  'given_name',
  'family_name',
  'middle_name',
  'nickname',
  'preferred_username',
  'profile',
  'picture',
  'website',
  'email',
  'gender',
  'zoneinfo',
  'locale',
  'phone_number',
  'address',
];

function schemaAttributes(): Record<string, unknown>[] {
  const base = { DeveloperOnlyAttribute: false, Mutable: true, Required: false };
  return [
    {
      ...base,
      Name: 'sub',
      AttributeDataType: 'String',
      Mutable: false,
      Required: true,
      StringAttributeConstraints: { MinLength: '1', MaxLength: '2048' },
    },
    ...STANDARD_STRING_ATTRIBUTES.map((Name) => ({
      ...base,
      Name,
      AttributeDataType: 'String',
      StringAttributeConstraints: { MinLength: '0', MaxLength: '2048' },
    })),
    {
      ...base,
      Name: 'birthdate',
      AttributeDataType: 'String',
      StringAttributeConstraints: { MinLength: '10', MaxLength: '10' },
    },
    { ...base, Name: 'email_verified', AttributeDataType: 'Boolean' },
    { ...base, Name: 'phone_number_verified', AttributeDataType: 'Boolean' },
    { ...base, Name: 'updated_at', AttributeDataType: 'Number', NumberAttributeConstraints: { MinValue: '0' } },
    // Declared as `role` in a real pool's schema; Cognito (and the emulator) name it `custom:role`,
    // which is how it appears in ID tokens.
    {
      ...base,
      Name: 'custom:role',
      AttributeDataType: 'String',
      StringAttributeConstraints: { MinLength: '1', MaxLength: '32' },
    },
  ];
}

function poolOptions(config: StackConfig, now: string, userCount: number): Record<string, unknown> {
  return {
    Id: config.userPoolId,
    Name: 'thrive-local',
    Arn: `arn:aws:cognito-idp:${config.region}:000000000000:userpool/${config.userPoolId}`,
    CreationDate: now,
    LastModifiedDate: now,
    UsernameAttributes: ['email'],
    UsernameConfiguration: { CaseSensitive: false },
    AutoVerifiedAttributes: ['email'],
    MfaConfiguration: 'OPTIONAL',
    Policies: {
      PasswordPolicy: {
        MinimumLength: 8,
        RequireLowercase: true,
        RequireUppercase: true,
        RequireNumbers: true,
        RequireSymbols: true,
        TemporaryPasswordValidityDays: 7,
      },
    },
    SchemaAttributes: schemaAttributes(),
    // Staff create accounts; nobody signs up on their own.
    AdminCreateUserConfig: { AllowAdminCreateUserOnly: true, UnusedAccountValidityDays: 7 },
    AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    VerificationMessageTemplate: { DefaultEmailOption: 'CONFIRM_WITH_CODE' },
    EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' },
    LambdaConfig: {},
    EstimatedNumberOfUsers: userCount,
  };
}

/** What a signed-in user may change of its own attributes (never `custom:*`). */
export const APP_CLIENT_WRITE_ATTRIBUTES: readonly string[] = ['email', 'given_name', 'family_name', 'phone_number'];

function appClient(config: StackConfig, now: string): Record<string, unknown> {
  return {
    UserPoolId: config.userPoolId,
    ClientName: 'thrive-web',
    ClientId: config.clientId,
    CreationDate: now,
    LastModifiedDate: now,
    ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    // The production client's lifetimes (openapi/access/sessions.ts): 15-minute access and ID tokens, 30-day refresh
    // tokens (clients' phones). The local proxy issues its own tokens with the same lifetimes, and refuses a
    // staff refresh token after 12 hours (in production: a staff app client, or a pre-token-generation trigger).
    AccessTokenValidity: ACCESS_TOKEN_LIFETIME_SECONDS / 60,
    IdTokenValidity: ACCESS_TOKEN_LIFETIME_SECONDS / 60,
    RefreshTokenValidity: CLIENT_SESSION_LIMIT_SECONDS / 86_400,
    TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
    // The production client: users cannot write their own role. The emulator does not enforce this; the
    // local proxy does (APP_CLIENT_WRITE_ATTRIBUTES), and the API never trusts the token's role anyway.
    ReadAttributes: [
      'email',
      'email_verified',
      'given_name',
      'family_name',
      'phone_number',
      'phone_number_verified',
      'custom:role',
    ],
    WriteAttributes: [...APP_CLIENT_WRITE_ATTRIBUTES],
    PreventUserExistenceErrors: 'LEGACY',
    EnableTokenRevocation: true,
    SupportedIdentityProviders: ['COGNITO'],
  };
}

/**
 * The TOTP secret as the emulator must store it. Its otplib refuses secrets
 * under 16 bytes, and DEMO_TOTP_SECRET has 10. HMAC pads keys shorter than its
 * block with zero bytes, so the secret padded with zeros to Cognito's 20 bytes
 * gives exactly the same codes as the original in any authenticator app.
 */
export function emulatorTotpSecret(base32: string): string {
  const bytes = Secret.fromBase32(base32).bytes;
  if (bytes.length >= 20) return base32;
  const padded = new Uint8Array(20);
  padded.set(bytes);
  return new Secret({ buffer: padded.buffer }).base32;
}

/**
 * The emulator's user record for one account. The Cognito username and `sub`
 * are the account id, so the API's user id equals the token's `sub`/`username`.
 */
export function emulatorUser(account: DemoAccount, now: string): EmulatorUser {
  const attributes: Attribute[] = [
    { Name: 'sub', Value: account.id },
    { Name: 'email', Value: account.email },
    // A fresh, unconfirmed sign-up and the "unverified" demo have no verified contact.
    { Name: 'email_verified', Value: String(account.state !== 'unverified' && account.state !== 'unconfirmed') },
    { Name: 'given_name', Value: account.firstName },
    { Name: 'family_name', Value: account.lastName },
  ];
  if (account.phone) {
    attributes.push({ Name: 'phone_number', Value: account.phone });
    attributes.push({ Name: 'phone_number_verified', Value: String(account.state === 'sms') });
  }
  if (account.role) attributes.push({ Name: 'custom:role', Value: account.role });
  attributes.sort((a, b) => a.Name.localeCompare(b.Name));

  const user: EmulatorUser = {
    Username: account.id,
    Password: account.password,
    UserStatus: 'CONFIRMED',
    Enabled: true,
    UserCreateDate: now,
    UserLastModifiedDate: now,
    Attributes: attributes,
    RefreshTokens: [],
  };
  switch (account.state) {
    // totp-setup: enrolment is driven by mfa-setup.json through the proxy; the record is an ordinary user.
    case 'ready':
    case 'unverified':
    case 'totp-setup':
      break;
    case 'new-password-required':
      user.UserStatus = 'FORCE_CHANGE_PASSWORD';
      break;
    case 'reset-required':
      user.UserStatus = 'RESET_REQUIRED';
      break;
    case 'unconfirmed':
      user.UserStatus = 'UNCONFIRMED';
      // ConfirmSignUp compares against this; the emulator's CODE gives the same value for new codes.
      user.ConfirmationCode = DEMO_CODE;
      break;
    case 'totp':
      user.SoftwareTokenMfaConfiguration = {
        Secret: emulatorTotpSecret(account.totpSecret ?? DEMO_TOTP_SECRET),
        Verified: true,
        FriendlyDeviceName: 'Authenticator',
      };
      user.UserMFASettingList = ['SOFTWARE_TOKEN_MFA'];
      user.PreferredMfaSetting = 'SOFTWARE_TOKEN_MFA';
      break;
    case 'sms':
      if (!account.phone) throw new Error(`${account.email}: an SMS account needs a phone number`);
      // The emulator only sends an SMS challenge for users with this legacy MFAOptions entry.
      user.MFAOptions = [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }];
      user.UserMFASettingList = ['SMS_MFA'];
      user.PreferredMfaSetting = 'SMS_MFA';
      break;
    default: {
      const unknown: never = account.state;
      throw new Error(`Unknown demo state ${String(unknown)}`);
    }
  }
  return user;
}

/** `config.issuer` minus the pool id: what cognito-local puts before `/<poolId>` in `iss`. */
function issuerDomain(config: StackConfig): string {
  const suffix = `/${config.userPoolId}`;
  if (!config.issuer.endsWith(suffix)) throw new Error(`Issuer ${config.issuer} does not end with ${suffix}`);
  return config.issuer.slice(0, -suffix.length);
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * Writes `.cognito/config.json`. It derives from the stack configuration only
 * (no user data), so it is rewritten every time: a stack started on other
 * ports still gets tokens whose `iss` equals `config.issuer`.
 */
export async function writeEmulatorConfig(config: StackConfig): Promise<void> {
  const files = identityFiles(config.identityDir, config.userPoolId);
  await mkdir(path.dirname(files.configFile), { recursive: true });
  const emulatorConfig = {
    // cognito-local signs `iss` as `${IssuerDomain}/${poolId}` (lib/services/tokenGenerator.js).
    TokenConfig: { IssuerDomain: issuerDomain(config) },
    UserPoolDefaults: { UsernameAttributes: ['email'] },
  };
  const content = json(emulatorConfig);
  const current = await readFile(files.configFile, 'utf8').catch(() => '');
  if (current !== content) await writeFileAtomic(files.configFile, content);
}

function usersByUsername(accounts: readonly DemoAccount[], now: string): Record<string, EmulatorUser> {
  const users: Record<string, EmulatorUser> = {};
  const emails = new Set<string>();
  for (const account of accounts) {
    const email = account.email.toLowerCase();
    if (emails.has(email) || users[account.id]) throw new Error(`Duplicate identity account ${account.email}`);
    emails.add(email);
    users[account.id] = emulatorUser(account, now);
  }
  return users;
}

/**
 * Creates the pool, its client and its users, each file only when missing.
 * Fast for large lists: everything is built in memory and written once.
 */
export async function seedIdentity(config: StackConfig, accounts: readonly DemoAccount[]): Promise<void> {
  const files = identityFiles(config.identityDir, config.userPoolId);
  await mkdir(path.dirname(files.poolFile), { recursive: true });
  await writeEmulatorConfig(config);
  const now = new Date().toISOString();

  if (!(await exists(files.clientsFile))) {
    await writeFileAtomic(files.clientsFile, json({ Clients: { [config.clientId]: appClient(config, now) } }));
  }
  if (!(await exists(files.poolFile))) {
    const pool: PoolFile = {
      Options: poolOptions(config, now, accounts.length),
      Users: usersByUsername(accounts, now),
      Groups: {},
    };
    // The enrolment list first: a pool without it would let a totp-setup user skip enrolment.
    await writeMfaSetupUsernames(files.mfaSetupFile, totpSetupUsernames(accounts));
    await writeFileAtomic(files.poolFile, JSON.stringify(pool));
  }
}

function totpSetupUsernames(accounts: readonly DemoAccount[]): string[] {
  return accounts.filter((a) => a.state === 'totp-setup').map((a) => a.id);
}

/** Throws when an emulator started from this directory still runs: it would overwrite our edit. */
async function assertEmulatorStopped(files: IdentityFiles): Promise<void> {
  const text = await readFile(files.pidFile, 'utf8').catch(() => '');
  const pid = Number(text.trim());
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 0);
  } catch {
    return; // A stale pid file from a crash.
  }
  throw new Error(`The identity emulator (pid ${pid}) is running; stop the stack before adding users.`);
}

export interface AddIdentityUsersResult {
  added: number;
  skipped: number;
}

/**
 * Adds users to an existing pool file while the emulator is stopped (for
 * `npm run seed -- --clients N`). Accounts whose e-mail or id already exists
 * are skipped, so running it twice adds nothing the second time.
 */
export async function addIdentityUsers(
  config: StackConfig,
  accounts: readonly DemoAccount[],
): Promise<AddIdentityUsersResult> {
  const files = identityFiles(config.identityDir, config.userPoolId);
  if (!(await exists(files.poolFile))) {
    await seedIdentity(config, accounts);
    return { added: accounts.length, skipped: 0 };
  }
  await assertEmulatorStopped(files);

  const pool = JSON.parse(await readFile(files.poolFile, 'utf8')) as PoolFile;
  const emails = new Set<string>();
  for (const user of Object.values(pool.Users)) {
    const email = user.Attributes.find((a) => a.Name === 'email')?.Value;
    if (email) emails.add(email.toLowerCase());
  }
  const now = new Date().toISOString();
  const added: DemoAccount[] = [];
  for (const account of accounts) {
    const email = account.email.toLowerCase();
    if (emails.has(email) || pool.Users[account.id]) continue;
    emails.add(email);
    pool.Users[account.id] = emulatorUser(account, now);
    added.push(account);
  }
  if (added.length > 0) {
    pool.Options.EstimatedNumberOfUsers = Object.keys(pool.Users).length;
    const enrolment = totpSetupUsernames(added);
    if (enrolment.length > 0) {
      const current = await readMfaSetupUsernames(files.mfaSetupFile);
      await writeMfaSetupUsernames(files.mfaSetupFile, [...current, ...enrolment]);
    }
    await writeFileAtomic(files.poolFile, JSON.stringify(pool));
  }
  return { added: added.length, skipped: accounts.length - added.length };
}
