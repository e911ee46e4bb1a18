import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { KEEP_OFFLINE } from '@/lib/query/persist-policy';

/** Query keys of lab results and advice; a change refreshes only its client's lists (and the hub's). */
export const resultKeys = {
  all: ['results'] as const,
  ofClient: (clientId: string) => [...resultKeys.all, 'client', clientId.toLowerCase()] as const,
  critical: () => [...resultKeys.all, 'critical'] as const,
};

export const adviceKeys = {
  all: ['advices'] as const,
  ofClient: (clientId: string) => [...adviceKeys.all, 'client', clientId.toLowerCase()] as const,
  due: (dueBy: string) => [...adviceKeys.all, 'due', dueBy] as const,
};

/** How far back the hub looks for critical values. */
export const CRITICAL_WINDOW_DAYS = 14;

/**
 * `GET results?client=`: the client's results as the caller's role reads them, newest sample first, and
 * the partner tests still waiting for theirs. Kept on the device: the reports and the client's page offline.
 */
export function clientResultsQueryOptions(clientId: string) {
  return queryOptions({
    ...KEEP_OFFLINE,
    queryKey: resultKeys.ofClient(clientId),
    queryFn: async ({ signal }) =>
      dataOf(await api().GET('/results', { params: { query: { client: clientId, limit: 500 } }, signal })),
    // A result may be released at any time: read again whenever shown.
    staleTime: 0,
  });
}

/** The hub's critical values of the last two weeks, released or not (for those who read values). */
export function criticalResultsQueryOptions() {
  return queryOptions({
    ...KEEP_OFFLINE,
    queryKey: resultKeys.critical(),
    queryFn: async ({ signal }) => {
      const since = new Date(Date.now() - CRITICAL_WINDOW_DAYS * 86_400_000).toISOString();
      return dataOf(await api().GET('/results', { params: { query: { critical: true, since, limit: 50 } }, signal }));
    },
    // A lab's report may arrive at any time; the hub looks again every few minutes.
    refetchInterval: 5 * 60_000,
  });
}

/** `GET advices?client=`: the advice left for a client, soonest review first; kept for offline reading. */
export function clientAdvicesQueryOptions(clientId: string) {
  return queryOptions({
    ...KEEP_OFFLINE,
    queryKey: adviceKeys.ofClient(clientId),
    queryFn: async ({ signal }) =>
      dataOf(await api().GET('/advices', { params: { query: { client: clientId, limit: 500 } }, signal })),
    // New advice, or the client's ticks, may come at any time: read again whenever shown.
    staleTime: 0,
  });
}

/** Advice due for review by `dueBy` (today on the clinic's clock), every author's: the hub's list. */
export function adviceDueQueryOptions(dueBy: string) {
  return queryOptions({
    ...KEEP_OFFLINE,
    queryKey: adviceKeys.due(dueBy),
    queryFn: async ({ signal }) =>
      dataOf(await api().GET('/advices', { params: { query: { due_by: dueBy, limit: 100 } }, signal })),
  });
}
