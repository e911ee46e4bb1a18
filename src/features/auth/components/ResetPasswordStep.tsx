import { Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useFocusOnMount } from '@/components/useFocusOnMount';
import { signInErrorMessage } from '@/lib/auth/errors';
import type { SignInFlow } from '../model/flow';
import { CODE_REQUIRED } from './CodeForm';
import { FormError } from './FormError';
import { NewPasswordFields } from './NewPasswordFields';
import { StepFrame } from './StepFrame';
import { useNewPasswordFields } from './useNewPasswordFields';

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
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const fields = useNewPasswordFields();
  const codeRef = useFocusOnMount<HTMLInputElement>();
  const submit = useMutation({
    mutationFn: (values: { code: string; password: string }) => flow.confirmReset(values.code, values.password),
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = code.replace(/\s+/g, '');
        const codeOk = trimmed !== '';
        setCodeError(codeOk ? null : CODE_REQUIRED);
        const passwordOk = fields.validateForSubmit();
        if (codeOk && passwordOk) submit.mutate({ code: trimmed, password: fields.values.password });
      }}
    >
      <Stack gap="md">
        <FormError message={submit.error ? signInErrorMessage(submit.error) : null} onDismiss={submit.reset} />
        <TextInput
          label="Code"
          required
          ref={codeRef}
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          error={codeError}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setCode(value);
            if (value.trim() !== '') setCodeError(null);
          }}
        />
        <NewPasswordFields fields={fields} />
        <Button type="submit" fullWidth loading={submit.isPending} disabled={submit.isPending}>
          Reset password and sign in
        </Button>
        <Button variant="light" fullWidth loading={resending} disabled={resending} onClick={onResend}>
          Send a new code
        </Button>
      </Stack>
    </form>
  );
}
