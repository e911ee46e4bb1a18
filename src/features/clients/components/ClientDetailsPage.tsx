import { Stack } from '@mantine/core';
import { PageFrame } from '../../../components/PageFrame';
import { ProfileCard } from '../../profiles/components/ProfileCard';
import { ageInYears, fullName } from '../../profiles/model/profile';
import { CardiovascularRiskPanel } from '../../risk/components/CardiovascularRiskPanel';
import { riskInputFromProfile } from '../../risk/prefill';
import { clientTrail } from '../crumbs';
import { useClientProfile } from '../useClientProfile';
import { ClientLinks } from './ClientLinks';

/** /client/{clientId}/details: the client's profile and the cardiovascular risk calculator. */
export function ClientDetailsPage({ clientId }: { clientId: string }) {
  const shown = useClientProfile(clientId);
  const { profile } = shown;
  const name = fullName(profile);
  return (
    <PageFrame
      title={`Details of ${name}`}
      crumbs={[...clientTrail(clientId, name), { label: 'Details' }]}
      purpose="All profile fields, enrollments, and the cardiovascular risk calculator prefilled from the latest data."
    >
      <Stack gap="md">
        <ClientLinks clientId={clientId} />
        <ProfileCard shown={shown} />
        <CardiovascularRiskPanel
          // The panel reads its prefill once: a new client must get a new panel.
          key={clientId}
          initial={riskInputFromProfile({
            gender: profile.gender,
            ageYears: ageInYears(profile.date_of_birth),
          })}
        />
      </Stack>
    </PageFrame>
  );
}
