import { PasswordInput } from '@mantine/core';
import type { useNewPasswordFields } from './useNewPasswordFields';

/** The two inputs of a new password, with the pool's policy and the match rule. */
export function NewPasswordFields({
  fields,
  autoFocus = false,
}: {
  fields: ReturnType<typeof useNewPasswordFields>;
  autoFocus?: boolean;
}) {
  return (
    <>
      <PasswordInput
        label="New password"
        required
        autoFocus={autoFocus}
        autoComplete="new-password"
        {...fields.passwordProps}
      />
      <PasswordInput label="Confirm new password" required autoComplete="new-password" {...fields.confirmProps} />
    </>
  );
}
