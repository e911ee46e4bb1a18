import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  confirmUserAttribute,
  fetchUserAttributes,
  resendSignUpCode,
  resetPassword,
  sendUserAttributeVerificationCode,
  signIn,
  type SignInOutput,
} from 'aws-amplify/auth';
import { configuredAuthFlow, signOutSettled } from './amplify';
import { isConfigurationError } from './errors';
import { TOTP_ISSUER, type ContactStatus, type SignInStep, type VerifiableContact } from './steps';

/**
 * The sign-in steps over Amplify's auth API. Each call returns Thrive's own
 * step type; errors are Amplify's, to be shown with `signInErrorMessage`.
 */

function toStep(output: SignInOutput, email: string): SignInStep {
  const next = output.nextStep;
  switch (next.signInStep) {
    case 'DONE':
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
    case 'RESET_PASSWORD':
    case 'CONFIRM_SIGN_UP':
      return { name: next.signInStep };
    case 'CONFIRM_SIGN_IN_WITH_SMS_CODE':
      return { name: next.signInStep, destination: next.codeDeliveryDetails?.destination ?? null };
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP':
      return {
        name: next.signInStep,
        sharedSecret: next.totpSetupDetails.sharedSecret,
        setupUri: next.totpSetupDetails.getSetupUri(TOTP_ISSUER, email).href,
      };
    case 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE':
    case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION':
    case 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE':
    case 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP':
    case 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION':
    case 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION':
    case 'CONFIRM_SIGN_IN_WITH_PASSWORD':
      return { name: 'UNSUPPORTED', step: next.signInStep };
  }
}

/** E-mail is already normalised by the caller; the password is passed exactly as typed. */
export async function signInWithPassword(email: string, password: string): Promise<SignInStep> {
  // A global sign-out of the last user still under way would forget this user's tokens when it ends.
  await signOutSettled();
  let output: SignInOutput;
  try {
    output = await signIn({ username: email, password, options: { authFlowType: configuredAuthFlow() } });
  } catch (error) {
    // The form says 'see console': the details go there.
    if (isConfigurationError(error)) console.error('Thrive: the identity service is not configured', error);
    throw error;
  }
  return toStep(output, email);
}

/** Answers the pending challenge: a new password, an SMS or authenticator code. */
export async function answerChallenge(email: string, response: string): Promise<SignInStep> {
  return toStep(await confirmSignIn({ challengeResponse: response }), email);
}

export async function confirmAccount(email: string, code: string): Promise<void> {
  await confirmSignUp({ username: email, confirmationCode: code });
}

/** Sends a new confirmation code; resolves to where it went. */
export async function resendAccountCode(email: string): Promise<string | null> {
  const details = await resendSignUpCode({ username: email });
  return details.destination ?? null;
}

/** Sends a password reset code; resolves to where it went. */
export async function sendPasswordResetCode(email: string): Promise<string | null> {
  const output = await resetPassword({ username: email });
  return output.nextStep.codeDeliveryDetails.destination ?? null;
}

export async function setNewPasswordWithCode(email: string, code: string, newPassword: string): Promise<void> {
  await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
}

export async function fetchContactStatus(): Promise<ContactStatus> {
  const attributes = await fetchUserAttributes();
  return {
    email: attributes.email ?? null,
    emailVerified: attributes.email_verified === 'true',
    phone: attributes.phone_number ?? null,
    phoneVerified: attributes.phone_number_verified === 'true',
  };
}

/** Sends a verification code for the contact; resolves to where it went. */
export async function sendContactCode(contact: VerifiableContact): Promise<string | null> {
  const details = await sendUserAttributeVerificationCode({ userAttributeKey: contact });
  return details.destination ?? null;
}

export async function confirmContact(contact: VerifiableContact, code: string): Promise<void> {
  await confirmUserAttribute({ userAttributeKey: contact, confirmationCode: code });
}
