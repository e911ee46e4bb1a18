import { useSuspenseQuery } from '@tanstack/react-query';
import { PageFrame } from '../../../components/PageFrame';
import { ProfileCard } from '../../profiles/components/ProfileCard';
import { fullName, profileOf } from '../../profiles/model/profile';
import { userDetailQueryOptions } from '../../users/api/queries';
import { BACKOFFICE_CRUMB, USERS_CRUMB } from '../crumbs';

/** /users/{username}: one user's profile page. */
export function UserPage({ username }: { username: string }) {
  const { data } = useSuspenseQuery(userDetailQueryOptions(username));
  const shown = profileOf(data);
  const name = fullName(shown.profile);
  return (
    <PageFrame
      title={name}
      crumbs={[BACKOFFICE_CRUMB, USERS_CRUMB, { label: name }]}
      purpose="One user's profile page: their details, role and account."
    >
      <ProfileCard shown={shown} />
    </PageFrame>
  );
}
