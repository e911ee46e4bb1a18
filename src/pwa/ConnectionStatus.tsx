import { Affix, Paper, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { formatAge } from '@/lib/intl';
import { connectionStore, oldestDataOnScreen } from './connection';
import { offlineReadiness, type OfflineReadiness } from './offline-readiness';

const BACK_ONLINE_MS = 4000;
const AGE_TICK_MS = 30_000;

/**
 * A quiet line at the bottom right while the device is offline, saying that
 * what shows is saved data and how old it is; "Back online" for a moment when
 * the network returns (queries then refetch on their own). On a new device it
 * says while the app is getting ready to work offline, and for a moment when
 * it is. On the right: the staff navigation keeps its account controls at the
 * bottom left.
 */
export default function ConnectionStatus() {
  const { online, since, wasOffline } = useSyncExternalStore(connectionStore.subscribe, connectionStore.getSnapshot);
  const { readiness, readySince } = useSyncExternalStore(offlineReadiness.subscribe, offlineReadiness.getSnapshot);
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

  useEffect(() => {
    // "Ready to work offline" shows for a moment, then the line goes.
    if (readySince === 0) return;
    const timer = setTimeout(() => setTick(Date.now()), BACK_ONLINE_MS);
    return () => clearTimeout(timer);
  }, [readySince]);

  const now = Math.max(tick, since, readySince);
  const words = lineOf({ online, wasOffline, since, readiness, readySince, oldest, now });
  if (words === null) return null;
  return (
    <Affix position={{ bottom: 12, right: 12 }} zIndex={300}>
      <Paper
        role="status"
        aria-live="polite"
        withBorder
        shadow="xs"
        px="sm"
        py={6}
        radius="xl"
        maw="calc(100vw - 24px)"
      >
        <Text size="sm" c={words.tone === 'good' ? 'teal.9' : 'dimmed'}>
          {words.text}
        </Text>
      </Paper>
    </Affix>
  );
}

/** What the line says, if anything: offline first, then the device getting ready to work offline. */
export function lineOf({
  online,
  wasOffline,
  since,
  readiness,
  readySince,
  oldest,
  now,
}: {
  online: boolean;
  wasOffline: boolean;
  since: number;
  readiness: OfflineReadiness;
  readySince: number;
  oldest: number;
  now: number;
}): { text: string; tone: 'good' | 'quiet' } | null {
  if (!online) {
    const age = oldest === 0 ? undefined : formatAge(Math.max(0, now - oldest));
    const shown = age ? `Offline · showing data from ${age}` : 'Offline';
    return readiness === 'preparing'
      ? {
          text: `${shown} · this device was not ready to work offline yet: screens not opened here open when the connection returns`,
          tone: 'quiet',
        }
      : { text: shown, tone: 'quiet' };
  }
  if (wasOffline && now - since < BACK_ONLINE_MS) return { text: 'Back online', tone: 'good' };
  if (readiness === 'preparing') return { text: 'Getting this device ready to work offline…', tone: 'quiet' };
  if (readySince > 0 && now - readySince < BACK_ONLINE_MS) return { text: 'Ready to work offline', tone: 'good' };
  return null;
}
