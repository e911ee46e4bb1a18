import { Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import { roleLabel } from '@/lib/auth/roles';
import { type Profile } from '../model/profile';
import { fullName } from '@/features/people';

function initials(profile: Pick<Profile, 'first_name' | 'last_name'>): string {
  return `${profile.first_name.charAt(0)}${profile.last_name.charAt(0)}`.toUpperCase();
}

/** Who a profile belongs to, at a glance: picture or initials, name, role and clinic. */
export function ProfileIdentity({ profile, nameOrder }: { profile: Profile; nameOrder?: 2 }) {
  return (
    <Group gap="md" wrap="nowrap" miw={0}>
      <Avatar src={profile.profile_picture} alt="" size="lg" color="thrive" radius="xl">
        {initials(profile)}
      </Avatar>
      <Stack gap={4} miw={0}>
        <Text
          component={nameOrder ? 'h2' : 'p'}
          fw={700}
          fz={nameOrder ? 'h3' : 'lg'}
          m={0}
          style={{ overflowWrap: 'anywhere' }}
        >
          {fullName(profile)}
        </Text>
        <Group gap="xs">
          <Badge variant="light">{roleLabel(profile.role)}</Badge>
          {profile.clinic && <Text size="sm">{profile.clinic}</Text>}
        </Group>
      </Stack>
    </Group>
  );
}
