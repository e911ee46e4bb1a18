import { Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import * as v from 'valibot';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { useFocusOnMount } from '@/components/useFocusOnMount';
import { signInErrorMessage } from '@/lib/auth/errors';
import type { SignInFlow } from '../model/flow';
import { NewPasswordSchema } from '../schemas';
import { NEW_PASSWORD_FORM, NewPasswordFields, touchNewPassword } from './NewPasswordFields';
import { StepFrame } from './StepFrame';

/** CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED: the temporary password must be replaced. */
export function NewPasswordStep({ flow }: { flow: SignInFlow }) {
  const form = useForm({
    ...NEW_PASSWORD_FORM,
    initialValues: { password: '', confirm: '' },
    validate: schemaResolver(NewPasswordSchema, { sync: true }),
    transformValues: (values) => v.parse(NewPasswordSchema, values),
  });
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
        onSubmit={form.onSubmit(
          ({ password }) => submit.mutate(password),
          () => touchNewPassword(form),
        )}
      >
        <Stack gap="md">
          <FormError message={submit.error ? signInErrorMessage(submit.error) : null} onDismiss={submit.reset} />
          <NewPasswordFields form={form} passwordRef={passwordRef} />
          <FormActions layout="stack" submit={{ label: 'Set password and sign in', pending: submit.isPending }} />
        </Stack>
      </form>
    </StepFrame>
  );
}
