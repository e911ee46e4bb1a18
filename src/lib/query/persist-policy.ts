import { defaultShouldDehydrateQuery, type DehydrateOptions, type Query } from '@tanstack/react-query';

/**
 * What of the query cache may be written to this device, and for how long
 * (PRODUCT.md section 3: only what offline use needs, per user, expiring).
 */

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Written to this device for offline use (see keptOffline). */
      keepOffline?: boolean;
    };
  }
}

const HOUR = 60 * 60 * 1000;

/**
 * How long a persisted cache may be restored after it was written. A client's
 * own phone keeps its profile for a week of patchy network; a shared tablet
 * only for about a shift, so yesterday's patients are not kept on it.
 */
export const PERSIST_MAX_AGE_MS = { personal: 7 * 24 * HOUR, shared: 12 * HOUR } as const;

/**
 * Spread into a query's options to keep it on this device for offline use.
 * The feature that owns a query decides (PRODUCT.md section 3: only what
 * offline use needs); this module decides how. Such a query also stays in
 * memory as long as it may be restored (gcTime at least the longest maxAge):
 * one dropped from memory would be missing from the next write, and so from
 * the next offline start.
 */
export const KEEP_OFFLINE = { meta: { keepOffline: true }, gcTime: PERSIST_MAX_AGE_MS.personal } as const;

export function isKeptOffline(query: Pick<Query, 'meta'>): boolean {
  return query.meta?.keepOffline === true;
}

/** Only successful queries marked keptOffline; never mutations (unsent changes have their own store). */
export const persistDehydrateOptions: DehydrateOptions = {
  shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) && isKeptOffline(query),
  shouldDehydrateMutation: () => false,
};

/**
 * The name under which one user's cache and key are stored: a hash of the
 * username, so the device's storage does not list who used it.
 */
export async function storageSlotFor(username: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`thrive-query-cache:${username}`));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `thrive-cache-${hex.slice(0, 32)}`;
}
