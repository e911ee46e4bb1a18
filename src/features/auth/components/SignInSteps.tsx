import { Center, Loader, Stack, Text } from '@mantine/core';
import type { FlowState, SignInFlow } from '../model/flow';
import { ChallengeCodeStep } from './ChallengeCodeStep';
import { ConfirmAccountStep } from './ConfirmAccountStep';
import { NewPasswordStep } from './NewPasswordStep';
import { ResetPasswordStep } from './ResetPasswordStep';
import { SignInForm } from './SignInForm';
import { TotpSetupStep } from './TotpSetupStep';
import { ChooseContactStep, ContactCodeStep } from './VerifyContactStep';

/** The screen for the flow's current step. */
export function SignInSteps({ flow, state }: { flow: SignInFlow; state: FlowState }) {
  const { step } = state;
  switch (step.name) {
    case 'signIn':
      return <SignInForm flow={flow} notice={state.notice} />;
    case 'newPassword':
      return <NewPasswordStep flow={flow} />;
    case 'smsCode':
      return <ChallengeCodeStep flow={flow} via="sms" destination={step.destination} />;
    case 'totpCode':
      return <ChallengeCodeStep flow={flow} via="totp" />;
    case 'totpSetup':
      return <TotpSetupStep flow={flow} sharedSecret={step.sharedSecret} setupUri={step.setupUri} />;
    case 'resetPassword':
      return <ResetPasswordStep flow={flow} codeSent={step.codeSent} codeSentTo={step.codeSentTo} />;
    case 'confirmAccount':
      return <ConfirmAccountStep flow={flow} codeSentTo={step.codeSentTo} />;
    case 'verifyContact':
      return <ChooseContactStep flow={flow} contacts={step.contacts} status={step.status} />;
    case 'verifyContactCode':
      return <ContactCodeStep flow={flow} contact={step.contact} codeSentTo={step.codeSentTo} />;
    case 'done':
      return (
        <Center py="xl">
          <Stack align="center" gap="sm" role="status">
            <Loader />
            <Text>Signing you in…</Text>
          </Stack>
        </Center>
      );
  }
}
