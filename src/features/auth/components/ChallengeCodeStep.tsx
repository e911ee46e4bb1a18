import type { SignInFlow } from '../model/flow';
import { CodeForm } from './CodeForm';
import { StepFrame } from './StepFrame';

/** CONFIRM_SIGN_IN_WITH_SMS_CODE and CONFIRM_SIGN_IN_WITH_TOTP_CODE. */
export function ChallengeCodeStep({
  flow,
  via,
  destination = null,
}: {
  flow: SignInFlow;
  via: 'sms' | 'totp';
  destination?: string | null;
}) {
  const description =
    via === 'sms'
      ? `We sent a code by text message${destination ? ` to ${destination}` : ''}. Enter it to sign in.`
      : 'Open your authenticator app and enter the code it shows for Thrive.';
  return (
    <StepFrame
      title={via === 'sms' ? 'Enter the code we sent you' : 'Enter your authenticator code'}
      description={description}
      onBack={() => flow.restart()}
    >
      <CodeForm submitLabel="Confirm" onSubmit={flow.answerChallenge} />
    </StepFrame>
  );
}
