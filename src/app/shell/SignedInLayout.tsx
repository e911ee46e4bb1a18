import { Box, Button, Container, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Outlet, linkOptions, type LinkOptions } from '@tanstack/react-router';
import { ButtonLink } from '../../components/RouterLinks';
import { ThriveMark } from '../../components/ThriveMark';
import { useSignOut } from '../../features/auth/useSignOut';
import { fullName, profileOf } from '../../features/profiles/model/profile';
import { userDetailQueryOptions } from '../../features/users/api/queries';
import { mayEnter, type RouteGroup } from '../../lib/auth/route-access';
import { isRole } from '../../lib/auth/roles';
import { useSession } from '../../lib/auth/session';

/** The staff screens reachable from the header; clients get no navigation (spec section 2). */
const AREAS: { label: string; group: RouteGroup; link: LinkOptions }[] = [
  { label: 'Hub', group: 'staff', link: linkOptions({ to: '/hub' }) },
  { label: 'Appointments', group: 'staff', link: linkOptions({ to: '/appointments' }) },
  { label: 'Discovery', group: 'staff', link: linkOptions({ to: '/discovery' }) },
  { label: 'Thrive dashboard', group: 'staff', link: linkOptions({ to: '/thrive-dashboard' }) },
  { label: 'Backoffice', group: 'admin', link: linkOptions({ to: '/backoffice' }) },
  { label: 'Users', group: 'admin', link: linkOptions({ to: '/users' }) },
];

/** The signed-in person's name from their own profile; the e-mail until it arrives (or if it cannot). */
function useSignedInName(username: string | null): string | null {
  const { data } = useQuery({ ...userDetailQueryOptions(username ?? ''), enabled: username !== null });
  if (!data) return null;
  const name = fullName(profileOf(data).profile);
  return name === '' ? null : name;
}

/** The frame around every signed-in screen: brand, the staff areas, who is signed in, sign out. */
export function SignedInLayout() {
  const session = useSession();
  const signOut = useSignOut();
  const name = useSignedInName(session.username);
  const role = isRole(session.role) ? session.role : null;
  const areas = role ? AREAS.filter((area) => mayEnter(role, area.group)) : [];

  return (
    <>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg" py="sm">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                <ThriveMark size={32} />
                <Text fw={700} size="lg">
                  Thrive
                </Text>
              </Group>
              <Group gap="sm" wrap="nowrap" miw={0}>
                <Stack gap={0} miw={0} visibleFrom="sm" ta="right">
                  {name && (
                    <Text size="sm" fw={600} truncate data-testid="signed-in-name">
                      {name}
                    </Text>
                  )}
                  {session.email && (
                    <Text size="sm" c="dimmed" truncate>
                      {session.email}
                    </Text>
                  )}
                </Stack>
                <Button
                  variant="light"
                  onClick={() => signOut.mutate()}
                  loading={signOut.isPending}
                  disabled={signOut.isPending}
                >
                  Sign out
                </Button>
              </Group>
            </Group>
            {areas.length > 0 && (
              <Group component="nav" aria-label="Main" gap={4} wrap="nowrap" style={{ overflowX: 'auto' }}>
                {areas.map((area) => (
                  <ButtonLink
                    key={area.label}
                    variant="subtle"
                    size="sm"
                    // The current area reads as selected (the router marks it aria-current itself).
                    activeProps={{ variant: 'light' }}
                    style={{ flexShrink: 0 }}
                    {...area.link}
                  >
                    {area.label}
                  </ButtonLink>
                ))}
              </Group>
            )}
          </Stack>
        </Container>
      </Box>
      <Container component="main" size="lg" py="lg">
        <Outlet />
      </Container>
    </>
  );
}
