import { Skeleton, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { components } from '@contract';
import type { ReactNode } from 'react';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';

type SlotList = components['schemas']['SlotList'];

/**
 * Free times as they load (GET /slots): offline, loading, failed with a way to retry, or the times themselves;
 * while a fresh read runs, a line says so (someone may have taken a time meanwhile). The staff dialog and the
 * portal's picker put their own words for offline and their own times in it.
 */
export function FreeTimesState({
  slots,
  offline,
  skeletonHeight,
  children,
}: {
  slots: UseQueryResult<SlotList>;
  /** What offline means where the times are asked for. */
  offline: string;
  skeletonHeight: number;
  children: (list: SlotList) => ReactNode;
}) {
  return (
    <>
      {slots.isPending && slots.fetchStatus === 'paused' ? (
        <Text size="sm" c="dimmed">
          {offline}
        </Text>
      ) : slots.isPending ? (
        <Skeleton height={skeletonHeight} role="status" aria-label="Loading free times" />
      ) : slots.isError ? (
        <QueryErrorAlert title="Free times could not be loaded" query={slots} />
      ) : (
        children(slots.data)
      )}
      {slots.isFetching && !slots.isPending && (
        <Text size="xs" c="dimmed" role="status">
          Checking for times taken meanwhile…
        </Text>
      )}
    </>
  );
}
