import { Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import type { SignedInUser } from '@/lib/auth/guards';
import { useClinicContacts } from '@/features/clinics';
import { userDetailQueryOptions } from '@/features/people';
import { useUnsentChanges, withUnsentChanges } from '@/lib/outbox';
import { consentRecord, useRecordConsent, type ConsentRecording } from '../api/consent';
import { hasConsented } from '../model/consent';
import type { PrivacyContact } from './AuthorizationText';
import { HipaaAuthorizationModal } from './HipaaAuthorizationModal';
import { useInertPage } from './useInertPage';

interface GateProps {
  user: Pick<SignedInUser, 'role' | 'username'>;
  /** The portal screen, shown only once the client has consented. */
  children: ReactNode;
}

/**
 * The client portal's layout (spec sections 4 and 6): a CLIENT who has not
 * given HIPAA consent sees the authorization and nothing of the portal, on
 * every portal route. Other roles that may open the portal (SUPER_ADMIN) pass.
 */
export function ClientConsentGate({ user, children }: GateProps) {
  if (user.role !== 'CLIENT') return children;
  return <ClientConsent clientId={user.username}>{children}</ClientConsent>;
}

function ClientConsent({ clientId, children }: { clientId: string } & Omit<GateProps, 'user'>) {
  // The layout's loader has the detail in the cache (or shows its load error instead).
  const { data } = useSuspenseQuery(userDetailQueryOptions(clientId));
  const record = useRecordConsent(data);
  const unsent = useUnsentChanges(consentRecord(clientId));
  // Consent given on this device and kept for the network counts, once its recording has settled.
  const kept =
    data.Profile !== null &&
    !record.isPending &&
    hasConsented({ ...data, Profile: withUnsentChanges(data.Profile, unsent, consentRecord(clientId)) });
  // The clinic's privacy contacts, which the API gives a client before consent: they are no one's health information.
  const privacy = useClinicContacts(data.Profile?.clinic).flatMap((clinic) =>
    clinic.privacy_email ? [{ clinic: clinic.name, email: clinic.privacy_email }] : [],
  );
  if (hasConsented(data) || kept || record.isSuccess) return children;
  return <AwaitingConsent privacy={privacy} record={record} />;
}

/** The authorization over an inert page that holds no portal content. */
function AwaitingConsent({ privacy, record }: { privacy: readonly PrivacyContact[]; record: ConsentRecording }) {
  const page = useRef<HTMLParagraphElement>(null);
  // A state, not a ref: the modal's portal mounts its content after this component's effects.
  const [dialog, setDialog] = useState<HTMLElement | null>(null);
  useInertPage(page, dialog);
  return (
    <>
      <Text ref={page} c="dimmed">
        Your Thrive portal opens once you have answered the HIPAA authorization.
      </Text>
      <HipaaAuthorizationModal privacy={privacy} record={record} dialogRef={setDialog} />
    </>
  );
}
