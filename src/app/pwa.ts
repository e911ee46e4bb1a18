import type { SessionSource, SessionState } from '@/lib/auth/session';
import { syncOnlineState } from '@/pwa/connection';
import { startInstallability } from '@/pwa/installability';
import { protectSignedInPages } from '@/pwa/page-lifecycle';

/**
 * Starts what makes Thrive an installable, offline-capable app: the service
 * worker and the version-file check (src/pwa/installability.ts, which the
 * entry may have started already), the network state, and the guards against
 * showing data after sign-out.
 */
export function startPwa(session: SessionSource, readSession: () => Promise<SessionState>): void {
  syncOnlineState();
  protectSignedInPages(session, readSession);
  startInstallability();
}
