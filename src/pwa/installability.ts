import { whenIdle } from '@/lib/when-idle';
import { updateState } from './update-state';
import { readDeployedVersion, watchVersion } from './version-check';

/**
 * What keeps Thrive installable and up to date on every page, the
 * prerendered sign-in page too, before (or without) the app: the service
 * worker, registered once the page has loaded and is idle (its install fetches
 * the whole app shell, which must not compete with the first screen), and the
 * version-file check, then and every 5 minutes. Both feed the new-version
 * notice (update-state.ts). Runs once however often it is called.
 */
export function startInstallability(): void {
  if (started) return;
  started = true;
  whenLoadedAndIdle(() => {
    void import('./service-worker').then((sw) => sw.registerServiceWorker());
    // Not before the first paint either: a request the first screen does not need only delays it.
    const watch = watchVersion({
      read: () => readDeployedVersion(),
      onNewVersion: () => updateState.report('version-file'),
      canRead: () => navigator.onLine,
    });
    // Timers are slowed in background tabs and stop while a tablet sleeps: look again when it is back.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void watch.check();
    });
    window.addEventListener('online', () => void watch.check());
  });
}

let started = false;

function whenLoadedAndIdle(run: () => void): void {
  const idle = () => whenIdle(run, 5000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
