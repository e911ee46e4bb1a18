import { Anchor, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ThriveMark } from '@/components/ThriveMark';

export const UNAUTHORIZED_TEXT =
  'You are unauthorized to access this page. If you think this is a mistake, please email';

/** /unauthorized (spec section 2): the heading, the text and the super-admin contact as a mailto link. */
export function UnauthorizedPage({
  supportEmail,
  onSignOut,
  signingOut = false,
  home,
}: {
  supportEmail: string;
  /** A way back to the user's own home, for someone signed in with a role who followed a wrong link. */
  home?: ReactNode;
  /** Offered when someone is signed in, so a user without access can switch accounts. */
  onSignOut?: () => void;
  signingOut?: boolean;
}) {
  return (
    <Center component="main" mih="100dvh" p="md">
      <Paper withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={480}>
        <Stack gap="md">
          <ThriveMark size={44} />
          <Title order={1}>Unauthorized</Title>
          <Text>
            {UNAUTHORIZED_TEXT} <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>
          </Text>
          {home}
          {onSignOut && (
            <Button variant="light" onClick={onSignOut} loading={signingOut} disabled={signingOut}>
              Sign out
            </Button>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
