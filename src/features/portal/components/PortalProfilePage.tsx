import { useSuspenseQuery } from '@tanstack/react-query';
import { ProfileEditor } from '@/features/profiles';
import type { SignedInUser } from '@/lib/auth/guards';
import { profileOf } from '@/features/people';
import { userDetailQueryOptions } from '@/features/people';
import { ClientMessages } from '@/features/messages';
import { PortalScreenPage } from './PortalScreenPage';

/**
 * /user/profile/{clientId}: the client's own profile. A client changes its
 * contact details, emergency contact and health journey here; everything else
 * (its role above all) is the clinic's to change, so it shows read-only. Below, how the clinic reaches it
 * (e-mail, SMS, both or neither per kind of message) and what the clinic sent it.
 */
export function PortalProfilePage({ clientId, viewer }: { clientId: string; viewer: SignedInUser }) {
  const { data } = useSuspenseQuery(userDetailQueryOptions(clientId));
  return (
    <PortalScreenPage screen="profile" clientId={clientId}>
      <ProfileEditor key={clientId} shown={profileOf(data)} viewer={viewer} />
      <ClientMessages clientId={clientId} />
    </PortalScreenPage>
  );
}
