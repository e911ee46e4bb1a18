// The first screen's styles, linked from index.html (and login.html) so the prerendered sign-in page paints
// with them before any script runs.
import './app/mantine-styles';
import './app/app.css';
import { mayHoldSession } from '@/lib/auth/identity';
import { onIntent } from '@/lib/intent';
import { takeOverShell } from '@/lib/shell-handover';
import { startInstallability } from '@/pwa/installability';
import { updateState } from '@/pwa/update-state';

const root = document.getElementById('root');
if (!root) throw new Error('Thrive: #root is missing from index.html');
const holdsSession = mayHoldSession();

let started = false;
// The app (React, Mantine, the router) loads in one step, its chunks side by side, and renders once the first
// screen is settled: into the root, or beside the prerendered screen it will take over.
const start = (firstScreen: Promise<void> = Promise.resolve()) => {
  if (started) return;
  started = true;
  void Promise.all([import('./app/start'), firstScreen]).then(([{ startReact }]) => startReact(takeOverShell(root)));
};

// The service worker and the version check run on every page, the prerendered one included.
startInstallability();
if (holdsSession) {
  // A saved session on a device that keeps data opens on the unlock screen: the prerendered one is shown as soon
  // as its small module is here, long before the app, which then takes it over. Not in this script: the sign-in
  // page, without a session, needs none of it.
  start(
    import('./app/static-unlock')
      .then(({ showStaticUnlock }) => void showStaticUnlock(root))
      .catch((error: unknown) => console.warn('Thrive: the unlock screen could not be shown early', error))
      .finally(() => void takeOverShell(root)),
  );
} else if (root.dataset.prerendered !== undefined) {
  // On the prerendered sign-in page nothing else needs the app until the person starts to use the page (their
  // typing, focus and submit carry over to the live page), a new version is there to announce, or the device
  // holds saved data: an earlier user's to delete, unsent changes to deliver (src/pwa/local-data.ts, src/lib/outbox).
  takeOverShell(root);
  onIntent(() => start());
  updateState.subscribe(() => start());
  indexedDB.databases().then(
    (databases) => {
      if (databases.length > 0) start();
    },
    () => start(),
  );
} else {
  start();
}
