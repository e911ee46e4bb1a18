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
