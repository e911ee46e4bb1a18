/**
 * What a user does with its own account where the emulator falls short of Cognito:
 * - ResendConfirmationCode: unsupported by the emulator;
 * - ConfirmSignUp: Cognito marks the e-mail verified (the code went there); the emulator does not;
 * - GetUserAttributeVerificationCode: the emulator answers `{}`; Cognito says where the code went;
 * - GlobalSignOut: the emulator lacks it (sign-outs.ts);
 * - Update/DeleteUserAttributes: only the app client's write attributes, never `custom:role`;
 * - SignUp: nobody signs up on their own (the pool is AllowAdminCreateUserOnly).
 */
import { APP_CLIENT_WRITE_ATTRIBUTES } from '../seed.ts';
import { CognitoError, isJson, str, userAttributes, type Json, type Operation } from './cognito.ts';
import type { Emulator } from './emulator.ts';
import type { SignOuts } from './sign-outs.ts';
import type { Tokens } from './tokens.ts';

export interface AccountCalls {
  resendConfirmationCode: Operation;
  confirmSignUp: Operation;
  getUserAttributeVerificationCode: Operation;
  globalSignOut: Operation;
  updateUserAttributes: Operation;
  deleteUserAttributes: Operation;
  signUp: Operation;
}

export function createAccountCalls(
  userPoolId: string,
  emulator: Emulator,
  tokens: Tokens,
  signOuts: SignOuts,
): AccountCalls {
  async function resendConfirmationCode(body: Json): Promise<Json> {
    const username = str(body.Username);
    if (!username) throw new CognitoError('InvalidParameterException', 'Missing required parameter Username');
    const user = await emulator.getUser(username);
    if (user === null) throw new CognitoError('UserNotFoundException', 'Username/client id combination not found.');
    if (user.UserStatus !== 'UNCONFIRMED') {
      throw new CognitoError('InvalidParameterException', 'User is already confirmed.');
    }
    // The emulator's ForgotPassword stores a fresh code in the same field ConfirmSignUp checks
    // (and, with CODE set, the same value), which is exactly a resend.
    const result = await emulator.call('ForgotPassword', { ClientId: body.ClientId, Username: username });
    return { CodeDeliveryDetails: result.CodeDeliveryDetails };
  }

  async function confirmSignUp(body: Json): Promise<Json> {
    const result = await emulator.call('ConfirmSignUp', body);
    const user = await emulator.call('AdminGetUser', { UserPoolId: userPoolId, Username: body.Username });
    const email = str(userAttributes(user).find((a) => a.Name === 'email')?.Value);
    if (email) {
      // The emulator only accepts email_verified together with the e-mail itself.
      await emulator.call('AdminUpdateUserAttributes', {
        UserPoolId: userPoolId,
        Username: user.Username,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      });
    }
    return result;
  }

  async function getUserAttributeVerificationCode(body: Json): Promise<Json> {
    await emulator.call('GetUserAttributeVerificationCode', body);
    const user = await emulator.call('GetUser', { AccessToken: body.AccessToken });
    const attributeName = str(body.AttributeName) ?? 'email';
    const destination = userAttributes(user).find((a) => a.Name === attributeName)?.Value;
    return {
      CodeDeliveryDetails: {
        AttributeName: attributeName,
        DeliveryMedium: attributeName === 'phone_number' ? 'SMS' : 'EMAIL',
        Destination: destination,
      },
    };
  }

  /** Cognito's GlobalSignOut: every token of the user issued until now is refused, refresh tokens included. */
  async function globalSignOut(body: Json): Promise<Json> {
    const claims = await tokens.verifiedAccessToken(body.AccessToken);
    await signOuts.record(str(claims.username) ?? '');
    return {};
  }

  /** The app client's WriteAttributes, enforced: never `custom:role`. */
  function refuseUnwritable(names: unknown[]): void {
    const refused = names.filter((name) => typeof name !== 'string' || !APP_CLIENT_WRITE_ATTRIBUTES.includes(name));
    if (refused.length > 0) {
      throw new CognitoError('NotAuthorizedException', 'A client attempted to write unauthorized attribute');
    }
  }

  async function updateUserAttributes(body: Json): Promise<Json> {
    const attributes = Array.isArray(body.UserAttributes) ? body.UserAttributes : [];
    refuseUnwritable(attributes.map((attribute) => (isJson(attribute) ? attribute.Name : undefined)));
    return emulator.call('UpdateUserAttributes', body);
  }

  async function deleteUserAttributes(body: Json): Promise<Json> {
    refuseUnwritable(Array.isArray(body.UserAttributeNames) ? body.UserAttributeNames : []);
    return emulator.call('DeleteUserAttributes', body);
  }

  function signUp(): Promise<Json> {
    // The pool is AllowAdminCreateUserOnly: staff create accounts (the emulator does not enforce it).
    return Promise.reject(new CognitoError('NotAuthorizedException', 'SignUp is not permitted for this user pool'));
  }

  return {
    resendConfirmationCode,
    confirmSignUp,
    getUserAttributeVerificationCode,
    globalSignOut,
    updateUserAttributes,
    deleteUserAttributes,
    signUp,
  };
}
