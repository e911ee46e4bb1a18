import { Affix, Paper, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { formatAge } from '@/lib/intl';
import { connectionStore, oldestDataOnScreen } from './connection';

const BACK_ONLINE_MS = 4000;
const AGE_TICK_MS = 30_000;

/**
 * A quiet line at the bottom right while the device is offline, saying that
 * what shows is saved data and how old it is; "Back online" for a moment when
 * the network returns (queries then refetch on their own). On the right: the
 * staff navigation keeps its account controls at the bottom left.
 */
export default function ConnectionStatus() {
  const { online, since, wasOffline } = useSyncExternalStore(connectionStore.subscribe, connectionStore.getSnapshot);
  const queryClient = useQueryClient();
  // Follows the cache, so the age is there as soon as a screen shows its (saved) data.
  const subscribeToCache = useCallback(
    (listener: () => void) => queryClient.getQueryCache().subscribe(listener),
    [queryClient],
  );
  const oldest = useSyncExternalStore(subscribeToCache, () => oldestDataOnScreen(queryClient));
  const [tick, setTick] = useState(0);

  useEffect(() => {
    // Offline: the age moves on. Back online: one tick later the line goes.
    if (online) {
      const timer = setTimeout(() => setTick(Date.now()), BACK_ONLINE_MS);
      return () => clearTimeout(timer);
    }
    const timer = setInterval(() => setTick(Date.now()), AGE_TICK_MS);
    return () => clearInterval(timer);
  }, [online, since]);

  const now = Math.max(tick, since);
  if (online && (!wasOffline || now - since >= BACK_ONLINE_MS)) return null;
  const age = online || oldest === 0 ? undefined : formatAge(Math.max(0, now - oldest));
  return (
    <Affix position={{ bottom: 12, right: 12 }} zIndex={300}>
      <Paper role="status" aria-live="polite" withBorder shadow="xs" px="sm" py={6} radius="xl">
        <Text size="sm" c={online ? 'teal.9' : 'dimmed'}>
          {online ? 'Back online' : age ? `Offline · showing data from ${age}` : 'Offline'}
        </Text>
      </Paper>
    </Affix>
  );
}
