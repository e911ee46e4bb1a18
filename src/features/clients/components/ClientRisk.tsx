import { Text } from '@mantine/core';
import { PanelCard } from '@/components/signed-in/PanelCard';
import { TouchLink } from '@/components/RouterLinks';
import { LatestRiskResult } from '@/features/assessments';

/**
 * The latest cardiovascular risk result shared with the client, and the way to the calculator (on the details
 * page), which is prefilled from the record and says where each value came from.
 */
export function ClientRisk({ clientId }: { clientId: string }) {
  return (
    <PanelCard title="Cardiovascular risk">
      <LatestRiskResult clientId={clientId} />
      <Text size="sm" c="dimmed">
        The calculator fills in what the record holds: sex and age, cholesterol from the latest released lipid result,
        blood pressure from the last signed visit, smoking and diabetes from the lifestyle history.
      </Text>
      <TouchLink to="/client/$clientId/details" params={{ clientId }} size="sm">
        Open the calculator on the details page
      </TouchLink>
    </PanelCard>
  );
}
