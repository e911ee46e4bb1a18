import { Center, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ThriveMark } from '@/components/ThriveMark';

/** The card of the sign-in and unlock pages: the brand, a line under it, and the step. */
export function AuthFrame({ tagline, children }: { tagline: ReactNode; children: ReactNode }) {
  return (
    <Center component="main" mih="100dvh" p={{ base: 'sm', sm: 'md' }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440}>
        <Stack gap="lg">
          <Stack gap="xs">
            <Group gap="sm">
              <ThriveMark size={44} />
              <Title order={1}>Thrive</Title>
            </Group>
            {tagline}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
