import { defaultShouldDehydrateQuery, type DehydrateOptions, type QueryKey } from '@tanstack/react-query';

/**
 * What of the query cache may be written to this device, and for how long
 * (PRODUCT.md section 3: only what offline use needs, per user, expiring).
 */

/**
 * Query-key prefixes that are persisted: a user's detail (profiles) and the
 * user list. They mirror `userKeys.details()` and the list key of
 * src/features/users/api/queries.ts (persist-policy.test.ts checks they still
 * match); shared code does not import features, hence the literal keys.
 */
export const PERSISTED_QUERY_PREFIXES: readonly QueryKey[] = [
  ['users', 'detail'],
  ['users', 'list'],
];

export function isPersistedQueryKey(queryKey: QueryKey): boolean {
  return PERSISTED_QUERY_PREFIXES.some(
    (prefix) => prefix.length <= queryKey.length && prefix.every((part, i) => part === queryKey[i]),
  );
}

const HOUR = 60 * 60 * 1000;

/**
 * How long a persisted cache may be restored after it was written. A client's
 * own phone keeps its profile for a week of patchy network; a shared tablet
 * only for about a shift, so yesterday's patients are not kept on it.
 */
export const PERSIST_MAX_AGE_MS = { personal: 7 * 24 * HOUR, shared: 12 * HOUR } as const;

/** Only successful, allowlisted queries; never mutations (visit drafts get their own queue later). */
export const persistDehydrateOptions: DehydrateOptions = {
  shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) && isPersistedQueryKey(query.queryKey),
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
