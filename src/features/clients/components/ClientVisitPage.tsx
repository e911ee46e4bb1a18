import { PageFrame } from '@/components/PageFrame';
import { fullName } from '@/features/users';
import { clientTrail } from '../crumbs';
import { useClientProfile } from '../useClientProfile';

/** /client/discovery/{clientId}/visit/{visitId}: one visit from the client's history. */
export function ClientVisitPage({ clientId }: { clientId: string }) {
  const name = fullName(useClientProfile(clientId).profile);
  return (
    <PageFrame
      title={`Visit of ${name}`}
      crumbs={[...clientTrail(clientId, name), { label: 'Visit' }]}
      purpose="One visit from the client's visit history, as it was recorded and signed."
    />
  );
}
