import { initOutbox, type Outbox, type OutboxItem } from '@/lib/outbox';
import type { SendAnswer } from '@/lib/outbox/model';
import { sessionStore } from '@/lib/auth/session';

/**
 * The page's outbox for component tests: in memory, following the test's
 * session store, offline unless told, sending through `send` (by default it
 * never answers, so changes stay unsent).
 */
export function initTestOutbox({
  online = false,
  send = () => new Promise<SendAnswer>(() => undefined),
}: { online?: boolean; send?: (item: OutboxItem) => Promise<SendAnswer> } = {}): Outbox {
  const box = initOutbox({
    currentUser: () => {
      const session = sessionStore.getSnapshot();
      return session.authenticated ? session.username : null;
    },
    subscribeToSession: sessionStore.subscribe,
    persists: false,
    isOnline: () => online,
    subscribeToOnline: () => () => undefined,
    send,
    onDelivered: () => undefined,
  });
  void box.start();
  return box;
}
