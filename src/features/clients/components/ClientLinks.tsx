import { Group } from '@mantine/core';
import { ButtonLink } from '@/components/RouterLinks';

/** The client's other staff screens. */
export function ClientLinks({ clientId }: { clientId: string }) {
  return (
    <Group gap="sm">
      <ButtonLink
        variant="default"
        activeProps={{ variant: 'light' }}
        to="/client/$clientId/details"
        params={{ clientId }}
      >
        Details
      </ButtonLink>
      <ButtonLink
        variant="default"
        activeProps={{ variant: 'light' }}
        to="/client/$clientId/profile"
        params={{ clientId }}
      >
        Profile
      </ButtonLink>
    </Group>
  );
}
