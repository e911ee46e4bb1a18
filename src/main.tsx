// The app's styles, linked from index.html so the unlock screen paints with them before any script runs; the
// prerendered sign-in page (login.html) carries the rules it uses inline and fetches the rest meanwhile.
import './app/mantine-styles';
import './app/app.css';
import { mayHoldSession } from '@/lib/auth/token-keys';
import { onIntent } from '@/lib/intent';
import { takeOverShell } from '@/lib/shell-handover';
import { startInstallability } from '@/pwa/installability';
import { updateState } from '@/pwa/update-state';
import { applyDeferredStylesheets } from './app/prerender/deferred-styles';
import { showStaticUnlock } from './app/static-unlock';

const root = document.getElementById('root');
if (!root) throw new Error('Thrive: #root is missing from index.html');
const holdsSession = mayHoldSession();

let started = false;
// The app (React, Mantine, the router) loads in one step, its chunks side by side: into the root, or beside the
// prerendered screen it will take over.
const start = () => {
  if (started) return;
  started = true;
  // The prerendered sign-in page has its own rules inline; the live app needs the whole stylesheet.
  applyDeferredStylesheets(document);
  void import('./app/start').then(({ startReact }) => startReact(takeOverShell(root)));
};

// The service worker and the version check run on every page, the prerendered one included.
startInstallability();
// A saved session on a device that keeps data opens on the unlock screen: the prerendered one is shown now (or
// taken away, where the service worker answered with it and the session is gone), then the app loads and takes it
// over.
if (holdsSession || root.dataset.prerendered === 'unlock') showStaticUnlock(root);
if (holdsSession) {
  takeOverShell(root);
  // After the screen's first paint, which the app's compile would hold back; a hidden tab paints no frame.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 250);
} else if (root.dataset.prerendered !== undefined) {
  // On the prerendered sign-in page nothing else needs the app until the person starts to use the page (their
  // typing, focus and submit carry over to the live page), a new version is there to announce, or the device
  // holds saved data: an earlier user's to delete, unsent changes to deliver (src/pwa/local-data.ts, src/lib/outbox).
  takeOverShell(root);
  onIntent(start);
  updateState.subscribe(start);
  indexedDB.databases().then((databases) => {
    if (databases.length > 0) start();
  }, start);
} else {
  start();
}
