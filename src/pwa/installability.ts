import { whenIdle } from '@/lib/when-idle';

/**
 * What keeps Thrive installable and up to date on every page, the
 * prerendered sign-in page too, before (or without) the app: the service
 * worker and the version-file check (stay-current.ts), started once the page
 * has loaded and is idle. The worker's install fetches the whole app shell,
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

function whenLoadedAndIdle(run: () => void): void {
  const idle = () => whenIdle(run, 5000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
