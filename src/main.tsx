// The first screen's styles, linked from index.html (and login.html) so the prerendered sign-in page paints
// with them before any script runs.
import './app/mantine-styles';
import './app/app.css';
import { takeOverShell } from '@/lib/shell-handover';

const root = document.getElementById('root');
if (!root) throw new Error('Thrive: #root is missing from index.html');
const prerendered = root.dataset.prerendered !== undefined;
const container = takeOverShell(root);

/** Resolves once the browser has painted what the HTML holds. */
const afterFirstPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

// The app (React, Mantine, the router) loads in one step, its chunks side by side. On the prerendered sign-in
// page it waits for the first paint, so that paint never waits for the app's scripts.
void (prerendered ? afterFirstPaint() : Promise.resolve())
  .then(() => import('./app/start'))
  .then(({ startReact }) => startReact(container));
