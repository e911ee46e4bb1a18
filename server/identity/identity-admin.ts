/**
 * The API's side of the identity service: the Cognito admin calls it makes to
 * create, read, re-role, disable, enable and delete sign-in accounts. Locally they go to the
 * emulator through our proxy (COGNITO_ENDPOINT, dummy credentials); in AWS to
 * Cognito itself with the default credential chain.
 *
 * The app depends on the IdentityAdmin interface, not on the SDK, so tests can
 * hand it one that fails on purpose.
 */
import { randomInt } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
  UsernameExistsException,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Role, UserAttribute, UserStatus } from '../core/contract-types.ts';
import type { IdentityServiceConfig } from './identity-config.ts';
import { logError } from '../core/log.ts';
import { HttpProblem } from '../core/problem.ts';

export interface IdentityUser {
  /** The identity username, which is the API's user id. */
  username: string;
  enabled: boolean | undefined;
  status: UserStatus | undefined;
  attributes: UserAttribute[];
}

export interface NewIdentityUser {
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
}

export interface IdentityAdmin {
  /** Creates the account with a temporary password; the user must choose a new one at first sign-in. */
  createUser: (user: NewIdentityUser) => Promise<IdentityUser>;
  /** Null when the identity service has no such user. */
  getUser: (username: string) => Promise<IdentityUser | null>;
  /** Keeps the token's role claim (which the app's UI reads) in step with the API's record. */
  setRole: (username: string, role: Role) => Promise<void>;
  /** Deleting an account that is already gone is not an error: a retried delete must finish. */
  deleteUser: (username: string) => Promise<void>;
  /** The account can no longer sign in or refresh its tokens. Disabling a disabled account changes nothing. */
  disableUser: (username: string) => Promise<void>;
  /** The account can sign in again. Enabling an enabled account changes nothing. */
  enableUser: (username: string) => Promise<void>;
  /** A new temporary password: the next sign-in must choose a new one (FORCE_CHANGE_PASSWORD). */
  setTemporaryPassword: (username: string, password: string) => Promise<void>;
}

/** The identity service already has an account with this e-mail. */
export class IdentityEmailTakenError extends Error {
  constructor(email: string) {
    super(`The identity service already has an account for ${email}`);
    this.name = 'IdentityEmailTakenError';
  }
}

/**
 * Runs one call of the identity service for a request: a failure there is a
 * 502 with `detail` (which says what was, or was not, changed), not our 500.
 * Errors the caller handles itself (an e-mail already taken) pass through.
 */
export async function callIdentityService<T>(call: () => Promise<T>, detail: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof IdentityEmailTakenError || error instanceof HttpProblem) throw error;
    logError({ event: 'An identity service call failed', ids: { outcome: detail } }, error);
    throw new HttpProblem(502, detail);
  }
}

const USER_STATUSES: readonly UserStatus[] = [
  'UNCONFIRMED',
  'CONFIRMED',
  'ARCHIVED',
  'COMPROMISED',
  'UNKNOWN',
  'RESET_REQUIRED',
  'FORCE_CHANGE_PASSWORD',
  'EXTERNAL_PROVIDER',
];

function toUserStatus(value: string | undefined): UserStatus | undefined {
  return USER_STATUSES.find((status) => status === value);
}

function toAttributes(attributes: AttributeType[] | undefined): UserAttribute[] {
  return (attributes ?? []).flatMap((attribute) =>
    attribute.Name !== undefined && attribute.Value !== undefined
      ? [{ Name: attribute.Name, Value: attribute.Value }]
      : [],
  );
}

/**
 * The access key id the API signs its admin calls to the local identity
 * service with; the secret key is the install's (COGNITO_LOCAL_ADMIN_SECRET),
 * and the local proxy refuses admin calls not signed with it, as Cognito
 * refuses calls without IAM credentials.
 */
export const LOCAL_ADMIN_KEY_ID = 'thrive-local-admin';

export function createCognitoIdentityAdmin(identity: IdentityServiceConfig): IdentityAdmin {
  const client = new CognitoIdentityProviderClient({
    region: identity.region,
    // Without limits a hung identity service would hang the requests waiting on it.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 10_000 },
    ...(identity.endpoint === undefined ? {} : { endpoint: identity.endpoint }),
    // Locally, the install's admin secret; with AWS itself, the default credential chain.
    ...(identity.localAdminSecret === undefined
      ? {}
      : { credentials: { accessKeyId: LOCAL_ADMIN_KEY_ID, secretAccessKey: identity.localAdminSecret } }),
  });
  const UserPoolId = identity.userPoolId;

  return {
    async createUser(user) {
      const attributes: AttributeType[] = [
        { Name: 'email', Value: user.email },
        // The clinic enters the address it knows; the user proves it by signing in with the mailed password.
        { Name: 'email_verified', Value: 'true' },
        { Name: 'custom:role', Value: user.role },
        { Name: 'given_name', Value: user.firstName },
        { Name: 'family_name', Value: user.lastName },
        ...(user.phoneNumber ? [{ Name: 'phone_number', Value: user.phoneNumber }] : []),
      ];
      try {
        // The pool signs in by e-mail, so the e-mail is the Username here and the
        // service answers with the account's real (UUID) username.
        const created = await client.send(
          new AdminCreateUserCommand({
            UserPoolId,
            Username: user.email,
            TemporaryPassword: generateTemporaryPassword(),
            UserAttributes: attributes,
            DesiredDeliveryMediums: ['EMAIL'],
          }),
        );
        const username = created.User?.Username;
        if (!username) throw new Error('The identity service created a user without a username');
        return {
          username,
          enabled: created.User?.Enabled,
          status: toUserStatus(created.User?.UserStatus),
          attributes: toAttributes(created.User?.Attributes),
        };
      } catch (error) {
        if (error instanceof UsernameExistsException) throw new IdentityEmailTakenError(user.email);
        throw error;
      }
    },

    async getUser(username) {
      try {
        const found = await client.send(new AdminGetUserCommand({ UserPoolId, Username: username }));
        return {
          username: found.Username ?? username,
          enabled: found.Enabled,
          status: toUserStatus(found.UserStatus),
          attributes: toAttributes(found.UserAttributes),
        };
      } catch (error) {
        if (error instanceof UserNotFoundException) return null;
        throw error;
      }
    },

    async setRole(username, role) {
      await client.send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId,
          Username: username,
          UserAttributes: [{ Name: 'custom:role', Value: role }],
        }),
      );
    },

    async deleteUser(username) {
      try {
        await client.send(new AdminDeleteUserCommand({ UserPoolId, Username: username }));
      } catch (error) {
        if (error instanceof UserNotFoundException) return;
        throw error;
      }
    },

    async disableUser(username) {
      await client.send(new AdminDisableUserCommand({ UserPoolId, Username: username }));
    },

    async enableUser(username) {
      await client.send(new AdminEnableUserCommand({ UserPoolId, Username: username }));
    },

    async setTemporaryPassword(username, password) {
      await client.send(
        new AdminSetUserPasswordCommand({ UserPoolId, Username: username, Password: password, Permanent: false }),
      );
    },
  };
}

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!@#$%^&*-_=+?';
const TEMPORARY_PASSWORD_LENGTH = 20;

/**
 * A random password that meets the pool's policy (at least 8 characters with
 * lower case, upper case, digits and symbols): one of each class, the rest
 * from all of them, shuffled. Look-alike characters are left out because a
 * person may have to type it from the e-mail.
 */
export function generateTemporaryPassword(length = TEMPORARY_PASSWORD_LENGTH): string {
  const all = LOWER + UPPER + DIGITS + SYMBOLS;
  const pick = (from: string) => from[randomInt(from.length)]!;
  const characters = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (characters.length < length) characters.push(pick(all));
  for (let i = characters.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [characters[i], characters[j]] = [characters[j]!, characters[i]!];
  }
  return characters.join('');
}
