import { Center, Loader } from '@mantine/core';
import { useLayoutEffect } from 'react';
import { spinnerMounted } from '@/lib/spinner-clock';

/** The spinner shown while the session, a route or its data is loading. */
export function FullPageLoader() {
  useLayoutEffect(spinnerMounted, []);
  return (
    <Center mih="100dvh" role="status" aria-live="polite">
      <Loader role="progressbar" aria-label="Loading" />
    </Center>
  );
}
