import { Text } from '@mantine/core';
import { PanelCard } from '@/components/signed-in/PanelCard';
import { AnchorLink } from '@/components/RouterLinks';

/**
 * The latest cardiovascular risk. The calculator (on the details page) is prefilled from the profile:
 * sex and age; cholesterol, blood pressure and the rest are entered there, as no visit records them.
 */
export function ClientRisk({
  clientId,
  sex,
  age,
}: {
  clientId: string;
  sex: string | undefined;
  age: number | undefined;
}) {
  return (
    <PanelCard title="Cardiovascular risk">
      <Text size="sm">
        No result is stored: Thrive records no cholesterol values, so the risk is calculated on the details page with
        the latest lab results at hand.{' '}
        {sex || age !== undefined
          ? `From the profile: ${[sex, age === undefined ? null : `${age} years`].filter(Boolean).join(', ')}.`
          : ''}
      </Text>
      <AnchorLink to="/client/$clientId/details" params={{ clientId }} size="sm">
        Open the calculator on the details page
      </AnchorLink>
    </PanelCard>
  );
}
