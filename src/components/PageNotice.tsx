import { Alert, Button, Center, Stack } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/**
 * In place of a screen that could not be shown: why, and 'Try again' (which
 * runs the route's loaders again). `error` for a failure, `offline` for a
 * screen that waits for the network, said calmly.
 */
export function PageNotice({
  kind,
  title,
  children,
}: {
  kind: 'error' | 'offline';
  title: string;
  children: ReactNode;
}) {
  const router = useRouter();
  const error = kind === 'error';
  return (
    <Center mih={error ? '60dvh' : '40dvh'} p="md">
      <Stack maw={480} w="100%">
        <Alert color={error ? 'red' : 'gray'} variant="light" role={error ? 'alert' : 'status'} title={title}>
          {children}
        </Alert>
        <Button
          variant={error ? 'light' : 'default'}
          onClick={() => void router.invalidate()}
          style={error ? undefined : { alignSelf: 'flex-start' }}
        >
          Try again
        </Button>
      </Stack>
    </Center>
  );
}
