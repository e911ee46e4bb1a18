import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { isOfflineError } from '@/lib/query/offline';
import { App } from './App';

/** Renders the app into `container` (src/main.tsx decides which element that is). */
export function startReact(container: HTMLElement): void {
  const root = createRoot(container, {
    // What an error boundary caught is logged, as React does by default, except
    // a screen opened offline with nothing saved: the screen says so itself,
    // and it is the device's state rather than a fault.
    onCaughtError: (error) => {
      if (!isOfflineError(error)) console.error(error);
    },
  });
  // A transition, so React renders the first screen in slices that leave the page responsive (the prerendered
  // sign-in page stays on screen meanwhile) rather than in one long task.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
