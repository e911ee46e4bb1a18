import { Stack, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { userDetailQueryOptions } from '../../users/api/queries';
import { profileOf } from '../model/profile';
import { ProfileCard } from './ProfileCard';

/** The signed-in user's own profile (GET users/users/{id}, id = the token's username). */
export function MyProfilePage({ userId }: { userId: string }) {
  const { data } = useSuspenseQuery(userDetailQueryOptions(userId));
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        My profile
      </Title>
      <ProfileCard shown={profileOf(data)} />
    </Stack>
  );
}
