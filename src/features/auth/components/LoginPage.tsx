import { Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ThriveMark } from '@/components/ThriveMark';
import type { SignInServices } from '../model/flow';
import { useSignInFlow } from '../useSignInFlow';
import { SignInSteps } from './SignInSteps';

export const SIGN_IN_TAGLINE = 'Please Sign In to Experience the Future of Healthcare';

/** /login: the sign-in experience, one step at a time. */
export function LoginPage({ services }: { services?: SignInServices }) {
  const { flow, state } = useSignInFlow(services);
  return (
    <Center component="main" mih="100dvh" p={{ base: 'sm', sm: 'md' }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440}>
        <Stack gap="lg">
          <Stack gap="xs">
            <Group gap="sm">
              <ThriveMark size={44} />
              <Title order={1}>Thrive</Title>
            </Group>
            <Text size="lg">{SIGN_IN_TAGLINE}</Text>
          </Stack>
          <SignInSteps flow={flow} state={state} />
        </Stack>
      </Paper>
    </Center>
  );
}
