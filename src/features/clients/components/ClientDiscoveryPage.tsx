import { Stack } from '@mantine/core';
import { PageFrame } from '@/components/PageFrame';
import { ClientWellbeingCard } from '@/features/assessments';
import { ProfileCard } from '@/features/profiles';
import { fullName } from '@/features/users';
import { HUB_CRUMB } from '@/features/hub';
import { DISCOVERY_CRUMB } from '../crumbs';
import { useClientProfile } from '../useClientProfile';
import { ClientLinks } from './ClientLinks';

/** /client/discovery/{clientId}: the client's discovery page; for now the profile summary. */
export function ClientDiscoveryPage({ clientId }: { clientId: string }) {
  const shown = useClientProfile(clientId);
  const name = fullName(shown.profile);
  return (
    <PageFrame
      title={name}
      crumbs={[HUB_CRUMB, DISCOVERY_CRUMB, { label: name }]}
      purpose="The client's profile summary, enrollments, visit history and risk score."
    >
      <Stack gap="md">
        <ClientLinks clientId={clientId} />
        <ProfileCard shown={shown} />
        {!shown.isPlaceholder && shown.profile.role === 'CLIENT' && <ClientWellbeingCard clientId={clientId} />}
      </Stack>
    </PageFrame>
  );
}
