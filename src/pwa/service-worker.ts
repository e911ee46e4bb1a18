import type { Workbox } from 'workbox-window';
import { offlineReadiness } from './offline-readiness';
import { updateState } from './update-state';

/**
 * The service worker's registration (the worker itself: src/pwa/worker/sw.ts,
 * the app shell precached, navigations answered with the shell offline, API
 * and identity calls never cached). With registerType 'prompt' a new worker
 * installs and then waits; workbox-window's `waiting` event drives the
 * new-version notice, and 'Refresh Now' tells the waiting worker to take over,
 * then reloads.
 */

let workbox: Workbox | undefined;
let registration: ServiceWorkerRegistration | undefined;

export async function registerServiceWorker(): Promise<void> {
  // The dev server has no worker (no precache manifest to serve).
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  try {
    const { Workbox } = await import('workbox-window');
    workbox = new Workbox('/sw.js', { scope: '/' });
    // Also fires for a worker that was already waiting when the page loaded.
    workbox.addEventListener('waiting', () => updateState.report('service-worker'));
    // A worker already in charge holds the app; the first one on this device says when it does.
    if (navigator.serviceWorker.controller) offlineReadiness.ready(false);
    else offlineReadiness.preparing();
    workbox.addEventListener('activated', (event) => {
      if (!event.isUpdate) offlineReadiness.ready(true);
    });
    registration = await workbox.register();
    // Registered, with an active worker (the precache complete) though not yet controlling this first page.
    if (registration?.active && !registration.installing && !registration.waiting) offlineReadiness.ready(false);
  } catch (error) {
    console.warn('Thrive: the service worker could not be registered', error);
  }
}

const WAIT_FOR_WORKER_MS = 10_000;

function installedWorker(reg: ServiceWorkerRegistration): Promise<ServiceWorker | null> {
  if (reg.waiting) return Promise.resolve(reg.waiting);
  const installing = reg.installing;
  if (!installing) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(reg.waiting), WAIT_FOR_WORKER_MS);
    installing.addEventListener('statechange', () => {
      if (installing.state === 'installed' || installing.state === 'redundant') {
        clearTimeout(timer);
        resolve(reg.waiting);
      }
    });
  });
}

/**
 * Loads the new version. When only the version file has noticed it, the
 * browser may not have fetched the new worker yet: a plain reload would be
 * answered by the old worker's shell, so ask for the new worker first, let it
 * take over, and reload when it controls the page.
 */
export async function activateNewVersion(): Promise<void> {
  const reg = registration;
  if (!reg || !navigator.serviceWorker.controller) {
    window.location.reload();
    return;
  }
  if (!reg.waiting && !reg.installing) await reg.update().catch(() => undefined);
  const waiting = await installedWorker(reg);
  if (!waiting) {
    window.location.reload();
    return;
  }
  const reload = () => window.location.reload();
  navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
  // The worker skips waiting on this message (src/pwa/worker/sw.ts).
  waiting.postMessage({ type: 'SKIP_WAITING' });
  // Should the worker never take over, still reload rather than leave the button dead.
  setTimeout(reload, WAIT_FOR_WORKER_MS);
}
