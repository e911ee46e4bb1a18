import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { KEEP_OFFLINE } from '@/lib/query/persist-policy';
import { reportKeys } from './queries';

/** `GET visits/{id}`: one signed visit in full, for its summary's readings and addenda. Kept on the device. */
export function signedVisitQueryOptions(id: string) {
  return queryOptions({
    ...KEEP_OFFLINE,
    queryKey: reportKeys.visit(id),
    queryFn: async ({ signal }) => dataOf(await api().GET('/visits/{id}', { params: { path: { id } }, signal })),
    // A signed visit is locked; only an addendum can be added to it.
    staleTime: 10 * 60_000,
  });
}
