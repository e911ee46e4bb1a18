import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { sessionStore } from '@/lib/auth/session';
import { initOutbox, refreshWhenDelivered, type Outbox, type OutboxItem } from '@/lib/outbox';
import type { NewChange, SendAnswer } from '@/lib/outbox/model';

/**
 * The page's outbox for component tests: in memory, following the test's
 * session store and TanStack Query's online state, as in the app. By default
 * its sends never answer, so changes stay unsent; pass `send` (e.g. through
 * the fake API) and the test's query client to have them delivered.
 */
export function initTestOutbox({
  send = () => new Promise<SendAnswer>(() => undefined),
  queryClient,
}: { send?: (item: OutboxItem) => Promise<SendAnswer>; queryClient?: () => QueryClient | undefined } = {}): Outbox {
  const box = initOutbox({
    currentUser: () => {
      const session = sessionStore.getSnapshot();
      return session.authenticated ? session.username : null;
    },
    subscribeToSession: sessionStore.subscribe,
    persists: false,
    isOnline: () => onlineManager.isOnline(),
    subscribeToOnline: (listener) => onlineManager.subscribe(listener),
    send,
    onDelivered: (item) => {
      const client = queryClient?.();
      return client ? refreshWhenDelivered(client)(item) : undefined;
    },
  });
  void box.start();
  return box;
}

/** A change of a client's city, as the profile form hands it to the outbox: a change for the sync line's tests to hold. */
export const CITY_CHANGE: NewChange = {
  record: 'profile:c-1',
  request: {
    method: 'patch',
    path: '/users/user-profiles/{id}',
    pathParams: { id: 'c-1' },
    body: { city: 'Pune' },
  },
  version: 3,
  base: { city: null },
  label: 'Profile of Priya Sharma',
  fieldLabels: { city: 'City' },
};
