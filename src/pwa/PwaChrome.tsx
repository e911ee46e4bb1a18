import { lazy, Suspense, useCallback, useEffect, useSyncExternalStore } from 'react';
import { useSession } from '@/lib/auth/session';
import { connectionStore } from './connection';
import { discardDraftsOnLeave } from './drafts';
import { outbox } from '@/lib/outbox';
import { persistsData, signsOutWhenIdle, type DeviceSettings } from './device-mode';
import { wipeLocalData } from './local-data';
import { useUpdateState } from './use-update-state';

// Each loads when first needed, so none of them weighs on the first screen.
const UpdateNotice = lazy(() => import('./UpdateNotice'));
const loadConnectionStatus = () => import('./ConnectionStatus');
const ConnectionStatus = lazy(loadConnectionStatus);
const IdleSignOut = lazy(() => import('./IdleSignOut'));

/**
 * What the installed app adds around every screen: the new-version notice,
 * the offline indicator, and the idle sign-out of shared and kiosk devices.
 */
export function PwaChrome({ settings, toLogin }: { settings: DeviceSettings; toLogin: () => void }) {
  const session = useSession();
  const update = useUpdateState();
  const connection = useSyncExternalStore(connectionStore.subscribe, connectionStore.getSnapshot);
  // The offline line is needed exactly when its chunk cannot be fetched (a page the service worker does not
  // control yet): load it while the network is there, so going offline finds it in memory.
  useEffect(() => {
    void loadConnectionStatus().catch(() => undefined);
  }, []);
  const signOutIdle = useCallback(() => {
    void (async () => {
      // A kiosk keeps unsent changes in this page's memory only: a reload would lose them. They stay,
      // unseen by the next person, until their author signs in again here.
      const keepPage = !persistsData(settings.mode) && outbox().getSnapshot().counts.total > 0;
      try {
        // Loaded long before (the session itself depends on it); imported here so the entry does not carry it.
        const { signOut } = await import('@/lib/auth/amplify');
        await signOut();
      } finally {
        await wipeLocalData();
        if (keepPage) {
          toLogin();
        } else {
          // A fresh page: nothing of the last user stays even in memory. No
          // "leave site?" prompt for a draft may hold the page open on a kiosk.
          discardDraftsOnLeave();
          window.location.replace('/login');
        }
      }
    })();
  }, [settings.mode, toLogin]);

  return (
    <Suspense fallback={null}>
      {update.available && <UpdateNotice />}
      {(!connection.online || connection.wasOffline) && <ConnectionStatus />}
      {session.authenticated && signsOutWhenIdle(settings.mode) && (
        <IdleSignOut key={session.username} timeoutMs={settings.idleMinutes * 60_000} onIdle={signOutIdle} />
      )}
    </Suspense>
  );
}
