import { Box, Button, Container, Group, Text } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { ThriveMark } from '../../components/ThriveMark';
import { useSignOut } from '../../features/auth/useSignOut';
import { useSession } from '../../lib/auth/session';

/** The frame around every signed-in screen: brand, who is signed in, sign out. */
export function SignedInLayout() {
  const session = useSession();
  const signOut = useSignOut();
  return (
    <>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <ThriveMark size={32} />
              <Text fw={700} size="lg">
                Thrive
              </Text>
            </Group>
            <Group gap="sm" wrap="nowrap" miw={0}>
              {session.email && (
                <Text size="sm" c="dimmed" truncate visibleFrom="sm">
                  {session.email}
                </Text>
              )}
              <Button
                variant="light"
                onClick={() => signOut.mutate()}
                loading={signOut.isPending}
                disabled={signOut.isPending}
              >
                Sign out
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>
      <Container component="main" size="lg" py="lg">
        <Outlet />
      </Container>
    </>
  );
}
