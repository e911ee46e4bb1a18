import * as v from 'valibot';
import { normaliseEmail } from '@/lib/auth/email';
import type { VerifiableContact } from '@/lib/auth/steps';
import { PASSWORDS_MUST_MATCH, passwordPolicyErrors, type PasswordPair } from './model/password';

/**
 * The sign-in steps' checks (spec section 5), one schema per form. A form
 * validates with it (schemaResolver) and submits what it outputs.
 */

export const SIGN_IN_FIELD_ERRORS = {
  email: 'Email is required',
  password: 'Password is required',
} as const;

export const CODE_REQUIRED = 'Please enter the code';

/** E-mail lowercased and trimmed (as typed, and again here before submit); the password exactly as typed. */
export const SignInSchema = v.object({
  email: v.pipe(v.string(), v.transform(normaliseEmail), v.nonEmpty(SIGN_IN_FIELD_ERRORS.email)),
  password: v.pipe(v.string(), v.nonEmpty(SIGN_IN_FIELD_ERRORS.password)),
});

/** A code as typed; spaces (as in '123 456') are dropped. */
function compactCode(code: string): string {
  return code.replace(/\s+/g, '');
}

/** One confirmation code (SMS, authenticator app, account, contact): not empty. */
export const CodeSchema = v.object({
  code: v.pipe(v.string(), v.transform(compactCode), v.nonEmpty(CODE_REQUIRED)),
});

export const ContactChoiceSchema = v.object({
  contact: v.picklist(['email', 'phone_number'] satisfies VerifiableContact[]),
});

/** Every policy rule the password breaks, one message per line. */
function policyMessage<TValues extends PasswordPair>(issue: v.CheckIssue<TValues>): string {
  return passwordPolicyErrors(issue.input.password).join('\n');
}

const compliesWithPolicy = ({ password }: PasswordPair) => passwordPolicyErrors(password).length === 0;
const passwordsMatch = ({ password, confirm }: PasswordPair) => password === confirm;

/*
 * A new password and its confirmation: the pool's policy under the password,
 * the match rule under the confirmation. Both are checks on the whole object
 * (forwarded to their field), so each is made whatever else is wrong.
 */

/** CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED: the new password (its confirmation is not sent). */
export const NewPasswordSchema = v.pipe(
  v.object({ password: v.string(), confirm: v.string() }),
  v.forward(v.check(compliesWithPolicy, policyMessage), ['password']),
  v.forward(v.check(passwordsMatch, PASSWORDS_MUST_MATCH), ['confirm']),
  v.transform(({ password }) => ({ password })),
);

type ResetValues = PasswordPair & { code: string };

/** RESET_PASSWORD: the code sent to the e-mail, and the new password. */
export const ResetPasswordSchema = v.pipe(
  v.object({ code: v.string(), password: v.string(), confirm: v.string() }),
  v.forward(
    v.check<ResetValues, string>(({ code }) => compactCode(code) !== '', CODE_REQUIRED),
    ['code'],
  ),
  v.forward(v.check<ResetValues, v.ErrorMessage<v.CheckIssue<ResetValues>>>(compliesWithPolicy, policyMessage), [
    'password',
  ]),
  v.forward(v.check<ResetValues, string>(passwordsMatch, PASSWORDS_MUST_MATCH), ['confirm']),
  v.transform(({ code, password }) => ({ code: compactCode(code), password })),
);

/** The unlock screen: the signed-in person's password, exactly as typed. */
export const UnlockSchema = v.object({
  password: v.pipe(v.string(), v.nonEmpty(SIGN_IN_FIELD_ERRORS.password)),
});
