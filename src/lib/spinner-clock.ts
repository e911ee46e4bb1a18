/**
 * Since when a loading spinner has been on the screen. The spinners report
 * themselves here as they mount, so a wait that promises the person a spinner
 * for some time (the route gate's 150 ms) can count from when it was really
 * painted: on a busy tablet that can be tens of milliseconds after the wait began.
 */

type Listener = (shownAt: number) => void;

const shown = new Map<symbol, number>();
const listeners = new Set<Listener>();

/** Call as a spinner mounts; returns what to call as it unmounts. */
export function spinnerMounted(): () => void {
  const id = Symbol('spinner');
  const at = performance.now();
  shown.set(id, at);
  for (const listener of [...listeners]) listener(at);
  return () => {
    shown.delete(id);
  };
}

/** When the newest spinner still on screen appeared, or undefined when none shows. */
export function spinnerShownSince(): number | undefined {
  let newest: number | undefined;
  for (const at of shown.values()) newest = newest === undefined ? at : Math.max(newest, at);
  return newest;
}

/** When the next spinner appears; undefined if none has within `timeoutMs`. */
function nextSpinner(timeoutMs: number, signal: AbortSignal): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      listeners.delete(onShown);
      signal.removeEventListener('abort', onAbort);
    };
    const onShown: Listener = (at) => {
      done();
      resolve(at);
    };
    const onAbort = () => {
      done();
      reject(signal.reason instanceof Error ? signal.reason : new Error('cancelled'));
    };
    const timer = setTimeout(() => {
      done();
      resolve(undefined);
    }, timeoutMs);
    listeners.add(onShown);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Resolves after `ms`; rejects as soon as `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new Error('cancelled'));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Waits until a spinner has been on screen for `ms`: `ms` from now, and longer
 * if the spinner was painted late (or had not been painted yet), so that the
 * person sees it for the whole `ms`. Where no spinner appears at all within a
 * further `ms` (nothing renders the route), it gives up waiting for one.
 */
export async function holdSpinner(ms: number, signal: AbortSignal): Promise<void> {
  const start = performance.now();
  await pause(ms, signal);
  const since = spinnerShownSince() ?? (await nextSpinner(ms, signal));
  if (since === undefined || since <= start) return;
  const rest = since + ms - performance.now();
  if (rest > 0) await pause(rest, signal);
}
