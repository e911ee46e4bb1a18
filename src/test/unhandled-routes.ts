/**
 * The requests a component test's fake API had no handler for. The fake rejects each one at once, but the app may
 * take a failed request calmly (an error state, a retry, a queued change), so the shared setup also fails the test
 * that made it, after the test, naming the route.
 */
const unhandled: string[] = [];

export function noteUnhandledRoute(request: string): void {
  unhandled.push(request);
}

/** The unhandled requests since the last call, forgotten once taken. */
export function takeUnhandledRoutes(): string[] {
  return unhandled.splice(0);
}
