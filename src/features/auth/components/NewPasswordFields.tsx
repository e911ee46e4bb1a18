import { PasswordInput } from '@mantine/core';
import type { Ref } from 'react';
import type { useNewPasswordFields } from './useNewPasswordFields';

/** The two inputs of a new password, with the pool's policy and the match rule. */
export function NewPasswordFields({
  fields,
  passwordRef,
}: {
  fields: ReturnType<typeof useNewPasswordFields>;
  /** Receives the new password's input (to focus it when the step shows). */
  passwordRef?: Ref<HTMLInputElement>;
}) {
  return (
    <>
      <PasswordInput
        label="New password"
        required
        ref={passwordRef}
        autoComplete="new-password"
        {...fields.passwordProps}
      />
      <PasswordInput label="Confirm new password" required autoComplete="new-password" {...fields.confirmProps} />
    </>
  );
}
