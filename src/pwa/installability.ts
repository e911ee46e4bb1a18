import { whenIdle } from '@/lib/when-idle';

/**
 * What keeps Thrive installable and up to date on every page, the
 * prerendered sign-in page too, before (or without) the app: the service
 * worker and the version-file check (stay-current.ts), started once the page
 * has loaded, painted and is idle. The worker's install fetches the whole app shell,
 * and a request the first screen does not need only delays it. Runs once
 * however often it is called.
 */
export function startInstallability(): void {
  if (started) return;
  started = true;
  whenLoadedAndIdle(() => {
    void import('./stay-current').then(({ stayCurrent }) => stayCurrent());
  });
}

let started = false;

/** After the load event and the frame after it (nothing here competes with the first paint), when idle. */
function whenLoadedAndIdle(run: () => void): void {
  let waiting = true;
  const idle = () => {
    if (!waiting) return;
    waiting = false;
    whenIdle(run, 5000);
  };
  const afterNextFrame = () => {
    requestAnimationFrame(() => setTimeout(idle, 0));
    // A hidden tab paints no frame.
    setTimeout(idle, 1000);
  };
  if (document.readyState === 'complete') afterNextFrame();
  else window.addEventListener('load', afterNextFrame, { once: true });
}
