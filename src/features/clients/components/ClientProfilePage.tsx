import { Stack } from '@mantine/core';
import { PageFrame } from '../../../components/PageFrame';
import { ProfileCard } from '../../profiles/components/ProfileCard';
import { fullName } from '../../profiles/model/profile';
import { clientTrail } from '../crumbs';
import { useClientProfile } from '../useClientProfile';
import { ClientLinks } from './ClientLinks';

/** /client/{clientId}/profile. */
export function ClientProfilePage({ clientId }: { clientId: string }) {
  const shown = useClientProfile(clientId);
  const name = fullName(shown.profile);
  return (
    <PageFrame
      title={`Profile of ${name}`}
      crumbs={[...clientTrail(clientId, name), { label: 'Profile' }]}
      purpose="The client's profile fields, editable by staff with the right role."
    >
      <Stack gap="md">
        <ClientLinks clientId={clientId} />
        <ProfileCard shown={shown} />
      </Stack>
    </PageFrame>
  );
}
