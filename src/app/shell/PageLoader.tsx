import { Center, Loader } from '@mantine/core';
import { useLayoutEffect } from 'react';
import { spinnerMounted } from '@/lib/spinner-clock';

/** The spinner inside the signed-in frame, while a guard decides or a screen's data loads. */
export function PageLoader() {
  useLayoutEffect(spinnerMounted, []);
  return (
    <Center mih="40dvh" role="status" aria-live="polite">
      {/* Named, a spinner is a progress bar to a screen reader (a bare span may not carry a name). */}
      <Loader role="progressbar" aria-label="Loading" />
    </Center>
  );
}
