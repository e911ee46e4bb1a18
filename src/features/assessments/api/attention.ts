import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { KEEP_OFFLINE } from '@/lib/query/persist-policy';
import { assessmentKeys } from './queries';

/** How far back the hub looks for a low Thrive check: one check interval. */
export const ATTENTION_WINDOW_DAYS = 28;

/**
 * The clients whose newest Thrive check, taken in the last four weeks, raises
 * an alert nobody has yet reached them about: the hub's 'Needs attention'.
 * Kept on the device for the hub offline.
 */
export function needsAttentionQueryOptions() {
  return queryOptions({
    ...KEEP_OFFLINE,
    queryKey: assessmentKeys.attention(),
    queryFn: async ({ signal }) => {
      const since = new Date(Date.now() - ATTENTION_WINDOW_DAYS * 24 * 60 * 60 * 1000).toISOString();
      return dataOf(
        await api().GET('/assessments', {
          params: { query: { type: 'who5', latest: true, alert: true, awaiting_contact: true, since, limit: 50 } },
          signal,
        }),
      );
    },
    // Someone may take a check at any time; the hub looks again every few minutes.
    refetchInterval: 5 * 60_000,
  });
}
