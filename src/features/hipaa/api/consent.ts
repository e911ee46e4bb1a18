import { onlineManager, useMutation } from '@tanstack/react-query';
import { toastSuccess } from '@/components/toasts';
import { userKeys, type UserDetail } from '@/features/people';
import { outbox } from '@/lib/outbox';
import { CONSENT_MESSAGES, consentPatch } from '../model/consent';

/** The outbox's name for the client's profile (its consent is a change of the profile). */
export function consentRecord(clientId: string): string {
  return `profile:${clientId.toLowerCase()}`;
}

/**
 * Records the client's HIPAA authorization: `PATCH users/user-profiles/{clientId}`
 * with exactly the consent fields, dated when the client accepts, through the
 * outbox (made from the profile version on this device; if the clinic changed
 * another field meanwhile, it is sent again on the new version).
 *
 * Online, the authorization waits for the server's answer, and a change the
 * server did not take is withdrawn so the client can try again (spec section
 * 8's message). Offline, it is kept on this device and sent when the
 * connection returns; the portal opens meanwhile.
 */
export function useRecordConsent(detail: UserDetail) {
  return useMutation({
    mutationFn: async () => {
      const patch = consentPatch(new Date());
      const item = await outbox().enqueue({
        record: consentRecord(detail.Username),
        request: {
          method: 'patch',
          path: '/users/user-profiles/{id}',
          pathParams: { id: detail.Username },
          body: patch,
        },
        version: detail.Profile?.version ?? 1,
        base: {
          hipaa_consent: detail.Profile?.hipaa_consent ?? false,
          hipaa_consent_date: detail.Profile?.hipaa_consent_date ?? null,
          hipaa_consent_version: detail.Profile?.hipaa_consent_version ?? null,
        },
        label: 'Your HIPAA authorization',
        fieldLabels: {
          hipaa_consent: 'Authorization',
          hipaa_consent_date: 'Given on',
          hipaa_consent_version: 'Version',
        },
        link: null,
        refresh: [userKeys.detail(detail.Username)],
      });
      const online = onlineManager.isOnline();
      const outcome = await outbox().settled(item.id);
      if (outcome === 'held' || (outcome === 'waiting' && online)) {
        // The server did not take it although the device is online: withdrawn, and the client is asked to try again.
        await outbox().discard(item.id);
        throw new Error(CONSENT_MESSAGES.saveFailed);
      }
      return outcome;
    },
    // The outbox decides when the network is there; the mutation itself never waits for it.
    networkMode: 'always',
    onSuccess: () => toastSuccess(CONSENT_MESSAGES.recorded, 'Authorization recorded'),
  });
}

export type ConsentRecording = ReturnType<typeof useRecordConsent>;
