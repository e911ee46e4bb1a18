import { Button, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import * as v from 'valibot';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { useFocusOnMount } from '@/components/useFocusOnMount';
import { signInErrorMessage } from '@/lib/auth/errors';
import type { SignInFlow } from '../model/flow';
import { ResetPasswordSchema } from '../schemas';
import { NEW_PASSWORD_FORM, NewPasswordFields, touchNewPassword } from './NewPasswordFields';
import { StepFrame } from './StepFrame';

/** RESET_PASSWORD: the clinic requires a new password; a code proves the e-mail first. */
export function ResetPasswordStep({
  flow,
  codeSent,
  codeSentTo,
}: {
  flow: SignInFlow;
  codeSent: boolean;
  codeSentTo: string | null;
}) {
  const send = useMutation({ mutationFn: () => flow.sendResetCode() });
  const sendRef = useFocusOnMount<HTMLButtonElement>();
  return (
    <StepFrame
      title="Reset your password"
      description={
        codeSent
          ? `We sent a code${codeSentTo ? ` to ${codeSentTo}` : ''}. Enter it with your new password.`
          : 'Your password must be reset before you can sign in. We will send a code to your e-mail.'
      }
      onBack={() => flow.restart()}
    >
      {codeSent ? (
        <ResetWithCode flow={flow} onResend={() => send.mutate()} resending={send.isPending} />
      ) : (
        <Stack gap="md">
          <FormError message={send.error ? signInErrorMessage(send.error) : null} onDismiss={send.reset} />
          <Button
            fullWidth
            ref={sendRef}
            loading={send.isPending}
            disabled={send.isPending}
            onClick={() => send.mutate()}
          >
            Send code
          </Button>
        </Stack>
      )}
    </StepFrame>
  );
}

function ResetWithCode({ flow, onResend, resending }: { flow: SignInFlow; onResend: () => void; resending: boolean }) {
  const form = useForm({
    ...NEW_PASSWORD_FORM,
    initialValues: { code: '', password: '', confirm: '' },
    // The code's message goes as soon as a code is typed.
    validateInputOnChange: ['code'],
    validate: schemaResolver(ResetPasswordSchema, { sync: true }),
    transformValues: (values) => v.parse(ResetPasswordSchema, values),
  });
  const codeRef = useFocusOnMount<HTMLInputElement>();
  const submit = useMutation({
    mutationFn: (values: { code: string; password: string }) => flow.confirmReset(values.code, values.password),
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) => submit.mutate(values),
        () => touchNewPassword(form),
      )}
    >
      <Stack gap="md">
        <FormError message={submit.error ? signInErrorMessage(submit.error) : null} onDismiss={submit.reset} />
        <TextInput
          label="Code"
          required
          ref={codeRef}
          autoComplete="one-time-code"
          inputMode="numeric"
          {...form.getInputProps('code')}
        />
        <NewPasswordFields form={form} />
        <FormActions
          layout="stack"
          submit={{ label: 'Reset password and sign in', pending: submit.isPending }}
          secondary={{ label: 'Send a new code', onClick: onResend, pending: resending }}
        />
      </Stack>
    </form>
  );
}
