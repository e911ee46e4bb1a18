import { useSuspenseQuery } from '@tanstack/react-query';
import { ProfileCard } from '../../profiles/components/ProfileCard';
import { profileOf } from '../../profiles/model/profile';
import { userDetailQueryOptions } from '../../users/api/queries';
import { PortalScreenPage } from './PortalScreenPage';

/** /user/profile/{clientId}: the client's own profile. */
export function PortalProfilePage({ clientId }: { clientId: string }) {
  const { data } = useSuspenseQuery(userDetailQueryOptions(clientId));
  return (
    <PortalScreenPage screen="profile" clientId={clientId}>
      <ProfileCard shown={profileOf(data)} />
    </PortalScreenPage>
  );
}
