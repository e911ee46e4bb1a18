/**
 * The service worker: the app shell precached and answered from the cache,
 * navigations answered with the shell offline, API and identity calls never
 * cached (PRODUCT.md section 3: API responses are never cached by the service
 * worker). With registerType 'prompt' a new worker installs and then waits
 * until the page asks it to take over (src/pwa/service-worker.ts).
 */
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { LOCKED_START_DOCUMENT, startsLocked } from '../locked-start';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// HTML, scripts, styles, icons and the manifest, listed by the build (vite.config.ts). A request for /login is
// answered with login.html (the precache's clean URLs).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const shell = createHandlerBoundToURL('index.html');

// Every other navigation gets the shell; a start that opens locked gets the document that already shows the
// unlock screen (src/pwa/locked-start.ts). Not the API, the identity service or the version file: those always
// reach the network, and never the shell in their place.
registerRoute(
  new NavigationRoute(
    async (options) => {
      const locked = await startsLocked().catch(() => false);
      const lockedStart = locked ? await matchPrecache(LOCKED_START_DOCUMENT) : undefined;
      return lockedStart ?? shell(options);
    },
    { denylist: [/^\/api\//, /^\/identity(\/|$)/, /^\/version\.json$/] },
  ),
);
