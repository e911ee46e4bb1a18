import { Center, Loader } from '@mantine/core';
import { useLayoutEffect } from 'react';
import { spinnerMounted } from '@/lib/spinner-clock';

/** The spinner inside the signed-in frame, while a guard decides or a screen's data loads. */
export function PageLoader() {
  useLayoutEffect(spinnerMounted, []);
  return (
    <Center mih="40dvh" role="status" aria-live="polite">
      <Loader aria-label="Loading" />
    </Center>
  );
}
