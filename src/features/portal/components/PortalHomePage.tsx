import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { TouchLink } from '@/components/RouterLinks';
import type { ReactNode } from 'react';
import { useSignOut } from '@/features/auth';
import { ProfileCard } from '@/features/profiles';
import { profileOf } from '@/features/people';
import { userDetailQueryOptions } from '@/features/people';
import { PORTAL_SCREENS, portalLink, type PortalScreen } from '@/lib/navigation';
import { PortalScreenPage } from './PortalScreenPage';

const NEXT_STEPS: readonly PortalScreen[] = [
  'thrive-onboard',
  'book-test',
  'thrive-check',
  'cognitive-assessment',
  'intake-call',
  'in-clinic',
  'reports',
  'profile',
  'support',
];

/**
 * Sign-out for a client, at the top of their home: the portal has no
 * navigation bar, and every portal screen leads back here (spec section 2).
 */
function AccountBar({ email }: { email: string | null }) {
  const signOut = useSignOut();
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" miw={0} style={{ overflowWrap: 'anywhere' }}>
        {email ? `Signed in as ${email}` : 'Signed in'}
      </Text>
      <Button
        variant="default"
        leftSection={<IconLogout size={20} stroke={1.75} aria-hidden />}
        onClick={() => signOut.mutate()}
        loading={signOut.isPending}
        disabled={signOut.isPending}
      >
        Sign out
      </Button>
    </Group>
  );
}

/**
 * /user/home/{clientId}: sign-out, the client's journey (what the route puts
 * there: the greeting, the next appointment, what to do next), its name and
 * profile, and the way to every portal screen.
 */
export function PortalHomePage({
  clientId,
  email,
  journey,
}: {
  clientId: string;
  /** Who is signed in (the route's guard says). */
  email: string | null;
  journey: ReactNode;
}) {
  const { data } = useSuspenseQuery(userDetailQueryOptions(clientId));
  const shown = profileOf(data);
  return (
    <PortalScreenPage screen="home" clientId={clientId}>
      <AccountBar email={email} />
      {journey}
      <ProfileCard shown={shown} />
      <Stack gap="sm" component="section" aria-labelledby="portal-next">
        <Title order={2} size="h3" id="portal-next">
          Your Thrive
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {NEXT_STEPS.map((screen) => (
            <Card key={screen} withBorder radius="lg" padding="md">
              {/* The whole line is the target, not just the words. */}
              <TouchLink fw={600} display="flex" {...portalLink(screen, clientId)}>
                {PORTAL_SCREENS[screen].title}
              </TouchLink>
              <Text size="sm" c="dimmed">
                {PORTAL_SCREENS[screen].purpose}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </PortalScreenPage>
  );
}
