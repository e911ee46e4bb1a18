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
const prerendered = root.dataset.prerendered !== undefined;
const container = takeOverShell(root);

let started = false;
// The app (React, Mantine, the router) loads in one step, its chunks side by side.
const start = () => {
  if (started) return;
  started = true;
  void import('./app/start').then(({ startReact }) => startReact(container));
};

// The service worker and the version check run on every page, the prerendered one included.
startInstallability();
// On the prerendered sign-in page nothing else needs the app until the person starts to use the page (their
// typing, focus and submit carry over to the live page), a saved session may send them on to their home, a new
// version is there to announce, or the device holds saved data: an earlier user's to delete, unsent changes to
// deliver (src/pwa/local-data.ts, src/lib/outbox).
if (prerendered && !mayHoldSession()) {
  onIntent(start);
  updateState.subscribe(start);
  indexedDB.databases().then((databases) => {
    if (databases.length > 0) start();
  }, start);
} else {
  start();
}
