import { Text } from '@mantine/core';
import type { SignInServices } from '../model/flow';
import { useSignInFlow } from '../useSignInFlow';
import { AuthFrame } from './AuthFrame';
import { SignInSteps } from './SignInSteps';

export const SIGN_IN_TAGLINE = 'Please Sign In to Experience the Future of Healthcare';

/** /login: the sign-in experience, one step at a time. */
export function LoginPage({ services }: { services?: SignInServices }) {
  const { flow, state } = useSignInFlow(services);
  return (
    <AuthFrame tagline={<Text size="lg">{SIGN_IN_TAGLINE}</Text>}>
      <SignInSteps flow={flow} state={state} />
    </AuthFrame>
  );
}
