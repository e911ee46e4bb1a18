import { registerServiceWorker } from './service-worker';
import { updateState } from './update-state';
import { readDeployedVersion, watchVersion } from './version-check';

/**
 * Registers the service worker and watches the version file, now and every
 * 5 minutes; both feed the new-version notice (update-state.ts). Loaded by
 * installability.ts once the page is idle, so the first script carries none of it.
 */
export function stayCurrent(): void {
  void registerServiceWorker();
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
}
