import { useCallback, useSyncExternalStore } from 'react';
import { sessionStore, useSession } from '@/lib/auth/session';

/**
 * The user list's search text, kept in this page's memory and nowhere else:
 * it names people (names, e-mails, phone numbers), and a page address is
 * written to the browser's history on disk, where it outlives sign-out, and
 * to logs along the way. Router state is no better (the browser saves it with
 * the session). Coming back to the list keeps the text; a reload forgets it.
 * It belongs to the signed-in user: the next person on the device starts
 * with an empty box.
 */
let kept: { username: string; text: string } | null = null;
const listeners = new Set<() => void>();

function publish(next: typeof kept): void {
  kept = next;
  listeners.forEach((listener) => listener());
}

// Signing out (or another user signing in) forgets it at once.
sessionStore.subscribe(() => {
  const session = sessionStore.getSnapshot();
  if (kept && (!session.authenticated || session.username !== kept.username)) publish(null);
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The search text of the signed-in user's user list, and the way to change it. */
export function useUserSearchText(): [string | undefined, (text: string | undefined) => void] {
  const session = useSession();
  const username = session.authenticated ? session.username : null;
  const current = useSyncExternalStore(subscribe, () => kept);
  const text = current !== null && current.username === username ? current.text : undefined;
  const setText = useCallback(
    (next: string | undefined) => publish(username === null || !next ? null : { username, text: next }),
    [username],
  );
  return [text, setText];
}
