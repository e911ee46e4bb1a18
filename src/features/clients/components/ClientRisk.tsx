import { Text } from '@mantine/core';
import { PanelCard } from '@/components/signed-in/PanelCard';
import { TouchLink } from '@/components/RouterLinks';

/**
 * The latest cardiovascular risk. The calculator (on the details page) is prefilled from the record: sex and
 * age from the profile, cholesterol from the latest released lipid result, blood pressure from the last visit.
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
        The risk is calculated on the details page, prefilled with the latest released lipid result and the last visit’s
        blood pressure.{' '}
        {sex || age !== undefined
          ? `From the profile: ${[sex, age === undefined ? null : `${age} years`].filter(Boolean).join(', ')}.`
          : ''}
      </Text>
      <TouchLink to="/client/$clientId/details" params={{ clientId }} size="sm">
        Open the calculator on the details page
      </TouchLink>
    </PanelCard>
  );
}
