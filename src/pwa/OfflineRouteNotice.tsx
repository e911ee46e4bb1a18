import { Alert, Button, Center, Stack } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { OFFLINE_NOTHING_SAVED_MESSAGE } from '@/lib/query/offline';

/**
 * In place of a screen whose data could not be loaded because the device is
 * offline and nothing of it is saved here. Calm rather than an error: the
 * screen loads by itself when the network returns (src/app/router.tsx), and
 * the button is for whoever would rather try now.
 */
export function OfflineRouteNotice() {
  const router = useRouter();
  return (
    <Center mih="40dvh" p="md">
      <Stack maw={480} w="100%">
        <Alert color="gray" variant="light" role="status" title="Not available offline">
          {OFFLINE_NOTHING_SAVED_MESSAGE}
        </Alert>
        <Button variant="default" onClick={() => void router.invalidate()} style={{ alignSelf: 'flex-start' }}>
          Try again
        </Button>
      </Stack>
    </Center>
  );
}
