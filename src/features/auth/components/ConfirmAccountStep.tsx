import { useMutation } from '@tanstack/react-query';
import { FormError } from '@/components/FormError';
import { signInErrorMessage } from '@/lib/auth/errors';
import type { SignInFlow } from '../model/flow';
import { CodeForm } from './CodeForm';
import { StepFrame } from './StepFrame';

/** CONFIRM_SIGN_UP: the account is not confirmed yet; a code sent to the e-mail confirms it. */
export function ConfirmAccountStep({ flow, codeSentTo }: { flow: SignInFlow; codeSentTo: string | null }) {
  const resend = useMutation({ mutationFn: () => flow.resendAccountCode() });
  return (
    <StepFrame
      title="Confirm your account"
      description={`Your account is not confirmed yet. We sent a code${codeSentTo ? ` to ${codeSentTo}` : ''}. Enter it to confirm your account and sign in.`}
      onBack={() => flow.restart()}
    >
      <FormError message={resend.error ? signInErrorMessage(resend.error) : null} onDismiss={resend.reset} />
      <CodeForm
        submitLabel="Confirm and sign in"
        onSubmit={flow.confirmAccount}
        secondary={{
          label: resend.isSuccess ? 'Code sent – send another' : 'Send a new code',
          onClick: () => resend.mutate(),
          pending: resend.isPending,
        }}
      />
    </StepFrame>
  );
}
