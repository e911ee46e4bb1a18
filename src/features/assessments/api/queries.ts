import { queryOptions } from '@tanstack/react-query';
import type { AssessmentType } from '@contract';
import { api, dataOf } from '@/lib/api';
import { KEEP_OFFLINE } from '@/lib/query/persist-policy';

/** Query keys of the assessments feature; a delivered result refreshes only its client's lists. */
export const assessmentKeys = {
  all: ['assessments'] as const,
  lists: () => [...assessmentKeys.all, 'list'] as const,
  ofClient: (clientId: string) => [...assessmentKeys.lists(), clientId.toLowerCase()] as const,
  list: (clientId: string, type: AssessmentType) => [...assessmentKeys.ofClient(clientId), type] as const,
  attention: () => [...assessmentKeys.all, 'attention'] as const,
};

/**
 * `GET assessments?client=&type=`: every result of one type, newest first.
 * Kept on the device: the client's home, checks and reports show them offline.
 */
export function clientAssessmentsQueryOptions(clientId: string, type: AssessmentType) {
  return queryOptions({
    ...KEEP_OFFLINE,
    queryKey: assessmentKeys.list(clientId, type),
    queryFn: async ({ signal }) =>
      dataOf(await api().GET('/assessments', { params: { query: { client: clientId, type, limit: 500 } }, signal })),
  });
}

/** How far back the hub looks for a low Thrive check: one check interval. */
export const ATTENTION_WINDOW_DAYS = 28;

/**
 * The clients whose newest Thrive check, taken in the last four weeks, raises
 * an alert: the hub's 'Needs attention'. Kept on the device for the hub offline.
 */
export function needsAttentionQueryOptions() {
  return queryOptions({
    ...KEEP_OFFLINE,
    queryKey: assessmentKeys.attention(),
    queryFn: async ({ signal }) => {
      const since = new Date(Date.now() - ATTENTION_WINDOW_DAYS * 24 * 60 * 60 * 1000).toISOString();
      return dataOf(
        await api().GET('/assessments', {
          params: { query: { type: 'who5', latest: true, alert: true, since, limit: 50 } },
          signal,
        }),
      );
    },
    // Someone may take a check at any time; the hub looks again every few minutes.
    refetchInterval: 5 * 60_000,
  });
}
