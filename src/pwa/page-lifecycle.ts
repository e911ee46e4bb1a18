import type { SessionSource, SessionState } from '@/lib/auth/session';
import { discardDraftsOnLeave } from './drafts';

export interface PageLifecycleOptions {
  /** Loads the page afresh (the browser's reload unless a test passes its own). */
  reload?: () => void;
}

/**
 * After sign-out the back button must show no patient data. The back-forward
 * cache restores a page exactly as it was left: a signed-in screen is hidden
 * as it is put away. When it comes back, the saved session is read again: the
 * same user still signed in gets the page back as it was (a draft included);
 * anyone else gets a fresh load, where the session and the route guards
 * decide what shows.
 */
export function protectSignedInPages(
  session: SessionSource,
  readSession: () => Promise<SessionState>,
  { reload = () => window.location.reload() }: PageLifecycleOptions = {},
): void {
  const root = () => document.getElementById('root');

  window.addEventListener('pagehide', (event) => {
    const el = root();
    if (event.persisted && session.getSnapshot().authenticated && el) el.style.visibility = 'hidden';
  });
  window.addEventListener('pageshow', (event) => {
    const el = root();
    if (!event.persisted || !el || el.style.visibility !== 'hidden') return;
    const before = session.getSnapshot().username;
    const loadAfresh = () => {
      discardDraftsOnLeave();
      reload();
    };
    readSession().then((now) => {
      if (now.authenticated && now.username === before) el.style.visibility = '';
      else loadAfresh();
    }, loadAfresh);
  });
}
