import { Alert, Button, Center, Stack } from '@mantine/core';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { isOfflineError } from '@/lib/query/offline';
import { OfflineRouteNotice } from '@/pwa/OfflineRouteNotice';

/** Fallback for a route that failed to load; screens with their own messages replace it. */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  if (isOfflineError(error)) return <OfflineRouteNotice />;
  const message = error instanceof Error && error.message ? error.message : 'An unknown error occurred';
  return (
    <Center mih="60dvh" p="md">
      <Stack maw={480} w="100%">
        <Alert color="red" variant="light" role="alert" title="Something went wrong">
          {message}
        </Alert>
        <Button variant="light" onClick={() => void router.invalidate()}>
          Try again
        </Button>
      </Stack>
    </Center>
  );
}
