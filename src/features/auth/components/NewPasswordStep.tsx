import { Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useFocusOnMount } from '@/components/useFocusOnMount';
import { signInErrorMessage } from '@/lib/auth/errors';
import type { SignInFlow } from '../model/flow';
import { FormError } from './FormError';
import { NewPasswordFields } from './NewPasswordFields';
import { StepFrame } from './StepFrame';
import { useNewPasswordFields } from './useNewPasswordFields';

/** CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED: the temporary password must be replaced. */
export function NewPasswordStep({ flow }: { flow: SignInFlow }) {
  const fields = useNewPasswordFields();
  const passwordRef = useFocusOnMount<HTMLInputElement>();
  const submit = useMutation({ mutationFn: (password: string) => flow.answerChallenge(password) });

  return (
    <StepFrame
      title="Set a new password"
      description="Your account has a temporary password. Choose your own to continue."
      onBack={() => flow.restart()}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (fields.validateForSubmit()) submit.mutate(fields.values.password);
        }}
      >
        <Stack gap="md">
          <FormError message={submit.error ? signInErrorMessage(submit.error) : null} onDismiss={submit.reset} />
          <NewPasswordFields fields={fields} passwordRef={passwordRef} />
          <Button type="submit" fullWidth loading={submit.isPending} disabled={submit.isPending}>
            Set password and sign in
          </Button>
        </Stack>
      </form>
    </StepFrame>
  );
}
