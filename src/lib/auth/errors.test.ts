import { describe, expect, it } from 'vitest';
import {
  SIGN_IN_MESSAGES,
  isAlreadyConfirmedError,
  isExpiredSignInError,
  isNetworkError,
  signInErrorMessage,
} from './errors';

/** The shape Amplify's AuthError has: a name and a message. */
function authError(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

describe('signInErrorMessage', () => {
  it("maps Amplify's network error to the spec's text", () => {
    expect(signInErrorMessage(authError('NetworkError', 'A network error has occurred.'))).toBe(
      'Network error: Unable to connect to the authentication server. Please check your internet connection.',
    );
  });

  it('maps a bare fetch failure to the network text', () => {
    expect(signInErrorMessage(new TypeError('Failed to fetch'))).toBe(SIGN_IN_MESSAGES.network);
    expect(signInErrorMessage(new TypeError('Load failed'))).toBe(SIGN_IN_MESSAGES.network);
  });

  it('maps an unknown user', () => {
    expect(signInErrorMessage(authError('UserNotFoundException', 'User does not exist.'))).toBe(
      'User not found. Please check your email address or contact support.',
    );
  });

  it('maps a sign-in while already signed in, without the trailing full stop Amplify adds', () => {
    expect(
      signInErrorMessage(authError('UserAlreadyAuthenticatedException', 'There is already a signed in user.')),
    ).toBe('There is already a signed in user');
  });

  it('maps a missing identity configuration', () => {
    expect(signInErrorMessage(authError('AuthUserPoolException', 'Auth UserPool not configured.'))).toBe(
      'Configuration error (see console) – please contact the administrator',
    );
    expect(signInErrorMessage(authError('AuthTokenConfigException', 'Auth Token Provider not configured.'))).toBe(
      SIGN_IN_MESSAGES.configuration,
    );
  });

  it("otherwise shows the error's own message", () => {
    expect(signInErrorMessage(authError('NotAuthorizedException', 'Incorrect username or password.'))).toBe(
      'Incorrect username or password.',
    );
    expect(signInErrorMessage(new TypeError('x is not a function'))).toBe('x is not a function');
  });

  it('falls back when the error has no message', () => {
    expect(signInErrorMessage(authError('Weird', ''))).toBe(SIGN_IN_MESSAGES.unknown);
    expect(signInErrorMessage(undefined)).toBe(SIGN_IN_MESSAGES.unknown);
  });
});

describe('error predicates', () => {
  it('recognises network errors only', () => {
    expect(isNetworkError(authError('NetworkError', 'A network error has occurred.'))).toBe(true);
    expect(isNetworkError(authError('NotAuthorizedException', 'Incorrect username or password.'))).toBe(false);
  });

  it('recognises an expired pending sign-in', () => {
    expect(isExpiredSignInError(authError('SignInException', 'An error occurred during the sign in process.'))).toBe(
      true,
    );
    expect(
      isExpiredSignInError(authError('NotAuthorizedException', 'Invalid session for the user, session is expired.')),
    ).toBe(true);
    expect(isExpiredSignInError(authError('NotAuthorizedException', 'Incorrect username or password.'))).toBe(false);
  });

  it('recognises "already confirmed"', () => {
    expect(isAlreadyConfirmedError(authError('InvalidParameterException', 'User is already confirmed.'))).toBe(true);
    expect(isAlreadyConfirmedError(authError('CodeMismatchException', 'Invalid code'))).toBe(false);
  });
});
