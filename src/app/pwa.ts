import type { SessionSource, SessionState } from '@/lib/auth/session';
import { syncOnlineState } from '@/pwa/connection';
import { protectSignedInPages } from '@/pwa/page-lifecycle';
import { updateState } from '@/pwa/update-state';
import { readDeployedVersion, watchVersion } from '@/pwa/version-check';

/**
 * Starts what makes Thrive an installable, offline-capable app: the service
 * worker, the version-file check (both feed the new-version notice), the
 * network state, and the guards against showing data after sign-out.
 */
export function startPwa(session: SessionSource, readSession: () => Promise<SessionState>): void {
  syncOnlineState();
  protectSignedInPages(session, readSession);
  // Its own chunk, registered once the page has loaded and is idle: the worker's install fetches the whole
  // app shell, which must not compete with the first screen for the network.
  whenLoadedAndIdle(() => void import('@/pwa/service-worker').then((sw) => sw.registerServiceWorker()));
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

function whenLoadedAndIdle(run: () => void): void {
  const idle = () => requestIdleCallback(run, { timeout: 5000 });
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
