import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/toasts';
import { api, dataOf, isApiError } from '@/lib/api';
import type { UserDetail } from '@/features/users';
import { userKeys } from '@/features/users';
import { CONSENT_MESSAGES, consentPatch } from '../model/consent';

/**
 * Records the client's HIPAA authorization: `PATCH users/user-profiles/{clientId}`
 * with exactly the consent fields, dated when the client accepts, made from the
 * profile version on this device. Consent does not depend on the rest of the
 * profile: if the clinic changed another field meanwhile (412), the consent is
 * sent once more on the version the server names.
 *
 * The success toast is shown here rather than by the caller: the cache update
 * closes the authorization, which unmounts it before a caller's callbacks run.
 */
export function useRecordConsent(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const send = async (version: number) =>
        dataOf(
          await api().PATCH('/users/user-profiles/{id}', {
            params: { path: { id: clientId }, header: { 'If-Match': `"${version}"` } },
            body: consentPatch(new Date()),
          }),
        );
      const known = queryClient.getQueryData<UserDetail>(userKeys.detail(clientId))?.Profile?.version ?? 1;
      try {
        return await send(known);
      } catch (error) {
        const current = isApiError(error) && error.status === 412 ? error.problem?.current_version : undefined;
        if (current === undefined) throw error;
        return send(current);
      }
    },
    // Offline, fail at once and say so, rather than leave the button on 'Processing...' until the network returns.
    networkMode: 'always',
    onSuccess: async (profile) => {
      const key = userKeys.detail(clientId);
      // A read that started before the consent was saved would answer with the old profile.
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const updated = queryClient.setQueryData<UserDetail>(key, (detail) =>
        detail ? { ...detail, Profile: profile } : detail,
      );
      // The profile as the server now holds it is what the cache keeps (and saves on the device).
      if (updated === undefined) await queryClient.invalidateQueries({ queryKey: key, exact: true });
      toastSuccess(CONSENT_MESSAGES.recorded, 'Authorization recorded');
    },
  });
}
