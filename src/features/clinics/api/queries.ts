import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { KEEP_OFFLINE } from '@/lib/query/persist-policy';

const clinicKeys = {
  all: ['clinics'] as const,
};

/** The catalog changes seldom: an hour before it is read again. */
const CLINICS_STALE_MS = 60 * 60 * 1000;

/** `GET clinics`: kept for offline use, since every time on every screen is read on a clinic's clock. */
export function clinicsQueryOptions() {
  return queryOptions({
    ...KEEP_OFFLINE,
    queryKey: clinicKeys.all,
    queryFn: async ({ signal }) => dataOf(await api().GET('/clinics', { signal })),
    staleTime: CLINICS_STALE_MS,
  });
}
