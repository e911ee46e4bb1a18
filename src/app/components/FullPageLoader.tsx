import { Center, Loader } from '@mantine/core';

/** The spinner shown while the session, a route or its data is loading. */
export function FullPageLoader() {
  return (
    <Center mih="100dvh" role="status" aria-live="polite">
      <Loader aria-label="Loading" />
    </Center>
  );
}
