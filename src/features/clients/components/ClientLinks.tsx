import { Group } from '@mantine/core';
import { ButtonLink } from '@/components/RouterLinks';

const PAGES = [
  { label: 'Details', to: '/client/$clientId/details' },
  { label: 'Profile', to: '/client/$clientId/profile' },
] as const;

/** The client's other staff screens. */
export function ClientLinks({ clientId }: { clientId: string }) {
  return (
    <Group gap="sm">
      {PAGES.map((page) => (
        <ButtonLink
          key={page.to}
          variant="default"
          activeProps={{ variant: 'light' }}
          to={page.to}
          params={{ clientId }}
        >
          {page.label}
        </ButtonLink>
      ))}
    </Group>
  );
}
