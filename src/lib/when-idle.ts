/**
 * Runs `run` when the page is next idle, or after `timeout` ms at the latest.
 * Safari (iPhones, iPads) has no requestIdleCallback: there a short timer
 * stands in, after the work already queued.
 */
export function whenIdle(run: () => void, timeout: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, Math.min(timeout, 200));
  return () => clearTimeout(id);
}
