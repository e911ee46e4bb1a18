import { useCallback, useSyncExternalStore } from 'react';
import { sessionStore, useSession } from './session';

/**
 * A piece of text that names people (a search for a name, an e-mail, a phone
 * number), kept in this page's memory and nowhere else: a page address is
 * written to the browser's history on disk, where it outlives sign-out, and
 * to logs along the way. Router state is no better (the browser saves it with
 * the session). Coming back to the page keeps the text; a reload forgets it.
 * It belongs to the signed-in user: the next person on the device starts with
 * an empty box, and signing out forgets it at once.
 */
export function createSessionText(): () => [string | undefined, (text: string | undefined) => void] {
  let kept: { username: string; text: string } | null = null;
  const listeners = new Set<() => void>();

  function publish(next: typeof kept): void {
    kept = next;
    listeners.forEach((listener) => listener());
  }

  sessionStore.subscribe(() => {
    const session = sessionStore.getSnapshot();
    if (kept && (!session.authenticated || session.username !== kept.username)) publish(null);
  });

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  return function useSessionText() {
    const session = useSession();
    const username = session.authenticated ? session.username : null;
    const current = useSyncExternalStore(subscribe, () => kept);
    const text = current !== null && current.username === username ? current.text : undefined;
    const setText = useCallback(
      (next: string | undefined) => publish(username === null || !next ? null : { username, text: next }),
      [username],
    );
    return [text, setText];
  };
}
