import { useSuspenseQuery } from '@tanstack/react-query';
import { ProfileEditor } from '@/features/profiles';
import type { SignedInUser } from '@/lib/auth/guards';
import { profileOf } from '@/features/people';
import { userDetailQueryOptions } from '@/features/people';
import { PortalScreenPage } from './PortalScreenPage';

/**
 * /user/profile/{clientId}: the client's own profile. A client changes its
 * contact details, emergency contact and health journey here; everything else
 * (its role above all) is the clinic's to change, so it shows read-only.
 */
export function PortalProfilePage({ clientId, viewer }: { clientId: string; viewer: SignedInUser }) {
  const { data } = useSuspenseQuery(userDetailQueryOptions(clientId));
  return (
    <PortalScreenPage screen="profile" clientId={clientId}>
      <ProfileEditor key={clientId} shown={profileOf(data)} viewer={viewer} />
    </PortalScreenPage>
  );
}
