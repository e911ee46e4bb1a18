import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { PageFrame } from '@/components/PageFrame';
import { ButtonLink } from '@/components/RouterLinks';
import { ClinicMessagingPanel } from '@/features/messages';
import { CreateUserButton } from '@/features/people';
import { DeviceModeSetting } from './DeviceModeSetting';
import { RecentChanges } from './RecentChanges';
import { RoleCountsPanel } from './RoleCountsPanel';
import type { SignedInUser } from '@/lib/auth/guards';
import type { Role } from '@/lib/auth/roles';
import { PanelCard } from '@/components/signed-in/PanelCard';

/** The way into user administration: the list, and a new account. */
function UsersCard({ creator }: { creator: Role }) {
  return (
    <PanelCard title="Users" gap="sm" padding="lg">
      <Text size="sm">Find anyone, create accounts, disable or delete them, and open each user's profile.</Text>
      <Group gap="sm">
        <ButtonLink to="/users" variant="light" leftSection={<IconUsers size={18} aria-hidden />}>
          All users
        </ButtonLink>
        <CreateUserButton creator={creator} />
      </Group>
    </PanelCard>
  );
}

/**
 * /backoffice: where ADMIN starts. Counts by role, recent changes, users, how each clinic's messages go out, and this
 * device's mode.
 */
export function BackofficePage({ signedIn }: { signedIn: SignedInUser }) {
  return (
    <PageFrame
      title="Backoffice"
      crumbs={[{ label: 'Backoffice' }]}
      purpose="The clinic's administration: the people who use Thrive and what each may do."
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <Stack gap="lg">
          <UsersCard creator={signedIn.role} />
          <RoleCountsPanel />
          <ClinicMessagingPanel />
          <DeviceModeSetting />
        </Stack>
        <RecentChanges />
      </SimpleGrid>
    </PageFrame>
  );
}
