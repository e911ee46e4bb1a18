import { whenIdle } from '@/lib/when-idle';

/**
 * What keeps Thrive installable and up to date on every page, the
 * prerendered sign-in page too, before (or without) the app: the service
 * worker and the version-file check (stay-current.ts), started once the page
 * has loaded, painted and is idle. The worker's install fetches the whole app shell,
 * and a request the first screen does not need only delays it. Runs once
 * however often it is called.
 */
export function startInstallability(): void {
  if (started) return;
  started = true;
  whenLoadedAndIdle(() => {
    void import('./stay-current').then(({ stayCurrent }) => stayCurrent());
  });
}

let started = false;

/**
 * After the load event and the page's first contentful paint as the browser reports it (its frame on screen,
 * which can come after the main thread has moved on), when idle: nothing here competes with the first paint.
 */
function whenLoadedAndIdle(run: () => void): void {
  let waiting = true;
  const idle = () => {
    if (!waiting) return;
    waiting = false;
    whenIdle(run, 5000);
  };
  const afterFirstPaint = () => {
    whenFirstContentfulPaint(() => setTimeout(idle, 0));
    // A hidden tab paints no frame, and a browser may not report paints.
    setTimeout(idle, 1000);
  };
  if (document.readyState === 'complete') afterFirstPaint();
  else window.addEventListener('load', afterFirstPaint, { once: true });
}

/** Once the first contentful paint is reported; where paints are not reported, after the next frame. */
function whenFirstContentfulPaint(then: () => void): void {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes.includes('paint')) {
    requestAnimationFrame(() => setTimeout(then, 0));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'paint', buffered: true });
}
