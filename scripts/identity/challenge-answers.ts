/**
 * Every sign-in challenge Cognito has, with an answer of the shape it takes: those the emulator or our proxy
 * asks (SMS_MFA, SOFTWARE_TOKEN_MFA, NEW_PASSWORD_REQUIRED, MFA_SETUP, SELECT_MFA_TYPE) and the others, which
 * must be refused just the same. The identity service's tests and the security probe answer each with Sessions
 * the service never issued.
 */
import { DEMO_CODE, DEMO_PASSWORD } from '../demo/accounts.ts';

export const CHALLENGE_ANSWERS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  SMS_MFA: { SMS_MFA_CODE: DEMO_CODE },
  SOFTWARE_TOKEN_MFA: { SOFTWARE_TOKEN_MFA_CODE: '123456' },
  NEW_PASSWORD_REQUIRED: { NEW_PASSWORD: 'Taken!2026x' },
  MFA_SETUP: {},
  SELECT_MFA_TYPE: { ANSWER: 'SMS_MFA' },
  CUSTOM_CHALLENGE: { ANSWER: 'yes' },
  PASSWORD_VERIFIER: { PASSWORD_CLAIM_SIGNATURE: 'x', PASSWORD_CLAIM_SECRET_BLOCK: 'x', TIMESTAMP: 'x' },
  DEVICE_SRP_AUTH: { DEVICE_KEY: 'x', SRP_A: '1' },
  DEVICE_PASSWORD_VERIFIER: { DEVICE_KEY: 'x', PASSWORD_CLAIM_SIGNATURE: 'x' },
  EMAIL_OTP: { EMAIL_OTP_CODE: DEMO_CODE },
  SMS_OTP: { SMS_OTP_CODE: DEMO_CODE },
  SELECT_CHALLENGE: { ANSWER: 'PASSWORD' },
  PASSWORD: { PASSWORD: DEMO_PASSWORD },
};
