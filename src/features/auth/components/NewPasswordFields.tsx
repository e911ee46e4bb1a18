import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ChangeEvent, ReactNode, Ref } from 'react';
import { showsMatchError, showsPolicyErrors, type PasswordPair } from '../model/password';

/**
 * How a form holding a new password is made: a field counts as touched once
 * it has been left (blurred), not as soon as it is typed into (spec section 5).
 * A change does not clear the field's message first: the checks below run on
 * every change and set or clear it themselves (a clear and a set in the same
 * render would leave the field without the message it should show).
 */
export const NEW_PASSWORD_FORM = { mode: 'controlled', touchTrigger: 'focus', clearInputErrorOnChange: false } as const;

type NewPasswordForm = UseFormReturnType<PasswordPair, unknown>;

/** Several policy messages under one field, one per line. */
function lines(error: ReactNode): ReactNode {
  if (typeof error !== 'string') return error ?? undefined;
  return error.split('\n').map((line) => (
    <span key={line} style={{ display: 'block' }}>
      {line}
    </span>
  ));
}

/** After a submit the checks refused: both fields count as touched, so every message shows. */
export function touchNewPassword(form: NewPasswordForm): void {
  form.setTouched((touched) => ({ ...touched, password: true, confirm: true }));
}

/**
 * The two inputs of a new password. The form's schema checks the pool's
 * policy and the match rule on change, on blur and on submit; the policy
 * messages show once the password was touched, the mismatch once both are six
 * characters long or both were touched.
 */
export function NewPasswordFields({
  form,
  passwordRef,
}: {
  form: NewPasswordForm;
  /** Receives the new password's input (to focus it when the step shows). */
  passwordRef?: Ref<HTMLInputElement>;
}) {
  const touched = { password: form.isTouched('password'), confirm: form.isTouched('confirm') };
  // The match rule spans both fields: a change to either checks both again.
  const checkBoth = () => {
    form.validateField('password');
    form.validateField('confirm');
  };
  const inputProps = (field: keyof PasswordPair) => ({
    ...form.getInputProps(field, { withFocus: false }),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      form.setFieldValue(field, event.currentTarget.value);
      checkBoth();
    },
    onBlur: () => {
      form.setTouched((current) => ({ ...current, [field]: true }));
      checkBoth();
    },
  });

  return (
    <>
      <PasswordInput
        label="New password"
        required
        ref={passwordRef}
        autoComplete="new-password"
        {...inputProps('password')}
        error={showsPolicyErrors(touched) ? lines(form.errors.password) : undefined}
      />
      <PasswordInput
        label="Confirm new password"
        required
        autoComplete="new-password"
        {...inputProps('confirm')}
        error={showsMatchError(form.values, touched) ? form.errors.confirm : undefined}
      />
    </>
  );
}
