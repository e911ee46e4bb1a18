import { deviceSettings, keepsTokensInTabOnly } from '@/pwa/device-mode';
import { markLockedStart } from '@/pwa/locked-start';
import { startOpensLocked } from './static-unlock';

/**
 * Keeps the service worker's mark (src/pwa/locked-start.ts) true to the saved
 * session: set while a personal device holds a session that will open
 * locked, cleared when it goes (a sign-out of any kind, here or in another
 * tab). Only a personal device keeps its session on the disk, where the next
 * start finds it; a shared tablet's lives in its tab.
 */
export function followLockedStart(session: { subscribe: (listener: () => void) => () => void }): void {
  let marked: boolean | undefined;
  const follow = () => {
    const locked = !keepsTokensInTabOnly(deviceSettings().mode) && startOpensLocked();
    if (locked === marked) return;
    marked = locked;
    void markLockedStart(locked);
  };
  follow();
  // Looked at once the change has settled: the identity SDK dispatches its sign-out before it has cleared the tokens.
  session.subscribe(() => setTimeout(follow, 0));
}
