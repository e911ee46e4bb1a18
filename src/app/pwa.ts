import { registerSW } from 'virtual:pwa-register';

/**
 * Registers the service worker (app shell offline). With registerType
 * 'prompt' a new version waits until the user asks for it; the update notice
 * calls `applyUpdate` from its 'Refresh Now' button.
 */
let update: ((reload?: boolean) => Promise<void>) | undefined;
let waiting = false;
const listeners = new Set<() => void>();

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  update = registerSW({
    onNeedRefresh() {
      waiting = true;
      for (const listener of listeners) listener();
    },
    onRegisterError(error: unknown) {
      console.error('Thrive: the service worker could not be registered', error);
    },
  });
}

export const serviceWorkerUpdate = {
  isWaiting: (): boolean => waiting,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Activates the waiting version and reloads the page. */
  async apply(): Promise<void> {
    if (update) await update(true);
    else window.location.reload();
  },
};
