import { Group, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryErrorAlert } from './QueryErrorAlert';
import { TOUCH_TARGET } from '@/config/touch';

/**
 * One part of a page that loads on its own: its data once there (kept on
 * screen while it refreshes), a loader while it first loads, a quiet line
 * when the device is offline and nothing of it is saved here (it loads when
 * the connection returns), or the error with a way to try again. (A loader,
 * not a skeleton: this shared part may show before the signed-in shell's
 * stylesheets, see app/mantine-styles.ts.)
 */
export function QueryState<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  /** What loads, for the messages: 'The visit history'. */
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.isPending && query.fetchStatus === 'paused') {
    return (
      <Text size="sm" c="dimmed" role="status">
        You are offline. {what} is not saved on this device, and loads when the connection returns.
      </Text>
    );
  }
  if (query.isError) {
    return <QueryErrorAlert title={`${what} could not be loaded`} query={query} />;
  }
  return (
    <Group gap="xs" mih={TOUCH_TARGET}>
      <Loader size="sm" />
      <Text size="sm" c="dimmed">
        {what} is loading…
      </Text>
    </Group>
  );
}
