import type { QueryClient } from '@tanstack/react-query';
import { CONSENT_REQUIRED_PROBLEM } from '@contract';
import { isApiError } from '@/lib/api/errors';
import type { SessionSource } from '@/lib/auth/session';
import { userKeys } from '@/features/people';

/**
 * The server refuses a client without HIPAA consent with a problem type of
 * its own; the clinic may have recorded a withdrawal since this device last
 * read the profile. Any such refusal re-reads the client's own user detail, so
 * the portal's gate shows the authorization instead of a failed screen.
 */
export function recheckConsentWhenRefused(queryClient: QueryClient, session: SessionSource): () => void {
  const recheck = (error: unknown): void => {
    if (!isApiError(error) || error.problem?.type !== CONSENT_REQUIRED_PROBLEM) return;
    const snapshot = session.getSnapshot();
    if (snapshot.username === null) return;
    void queryClient.invalidateQueries({ queryKey: userKeys.detail(snapshot.username) });
  };
  const stops = [
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
    }),
    queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
