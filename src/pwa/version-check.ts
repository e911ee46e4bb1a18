/**
 * The version file check (spec section 4, Version check; section 9: every 5
 * minutes). The app reads /version.json at start and then every 5 minutes; when
 * the build id differs from the first one seen, a new version is deployed.
 * A tablet left running for days so learns of a deployment within 5 minutes,
 * even when the browser has not looked for a new service worker.
 */

export const VERSION_POLL_MS = 5 * 60 * 1000;

/** A cache-busting `t` parameter, so no HTTP cache on the way answers for the server. */
export function versionFileUrl(now: number): string {
  return `/version.json?t=${now}`;
}

/** The build id in /version.json, or undefined when it could not be read (offline, a proxy's error page). */
export async function readDeployedVersion(
  fetchImpl: typeof fetch = fetch,
  now: () => number = Date.now,
): Promise<string | undefined> {
  try {
    const response = await fetchImpl(versionFileUrl(now()), {
      cache: 'no-store',
      headers: { 'Cache-Control': 'no-cache' },
    });
    if (!response.ok) return undefined;
    const body: unknown = await response.json();
    const id = typeof body === 'object' && body !== null ? (body as { buildId?: unknown }).buildId : undefined;
    return typeof id === 'string' && id !== '' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** A new version is one that differs from the first one seen; an unreadable file says nothing. */
export function isNewVersion(firstSeen: string | undefined, current: string | undefined): boolean {
  return firstSeen !== undefined && current !== undefined && current !== firstSeen;
}

export interface VersionWatchOptions {
  read: () => Promise<string | undefined>;
  onNewVersion: () => void;
  intervalMs?: number;
  /** False while offline: a read would only fail. */
  canRead?: () => boolean;
}

export interface VersionWatch {
  /** Reads now (when the page becomes visible again, when the network returns). */
  check: () => Promise<void>;
  stop: () => void;
}

/** Reads at once and every `intervalMs`; stops after reporting a new version once. */
export function watchVersion({
  read,
  onNewVersion,
  intervalMs = VERSION_POLL_MS,
  canRead = () => true,
}: VersionWatchOptions): VersionWatch {
  let firstSeen: string | undefined;
  let stopped = false;
  let reading: Promise<void> | undefined;

  const check = (): Promise<void> => {
    if (stopped || !canRead()) return Promise.resolve();
    reading ??= (async () => {
      const current = await read();
      if (stopped) return;
      firstSeen ??= current;
      if (isNewVersion(firstSeen, current)) {
        stop();
        onNewVersion();
      }
    })().finally(() => {
      reading = undefined;
    });
    return reading;
  };

  const timer = setInterval(() => void check(), intervalMs);
  function stop(): void {
    stopped = true;
    clearInterval(timer);
  }
  void check();
  return { check, stop };
}
