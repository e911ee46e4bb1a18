import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { AnchorLink } from '@/components/RouterLinks';
import { useSession } from '@/lib/auth/session';
import { useSignOut } from '@/features/auth';
import { NextAppointmentCard } from '@/features/appointments';
import { Greeting, NextSteps } from '@/features/journey';
import { BookingReminder } from '@/features/booking';
import { ProfileCard } from '@/features/profiles';
import { profileOf } from '@/features/users';
import { userDetailQueryOptions } from '@/features/users';
import { PORTAL_SCREENS, portalLink, type PortalScreen } from '../screens';
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
function AccountBar() {
  const { email } = useSession();
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
 * /user/home/{clientId}: a greeting, the client's next appointment (which it
 * may cancel while the rules allow), what to do next, its name and profile,
 * the way to every portal screen, and sign-out.
 */
export function PortalHomePage({ clientId }: { clientId: string }) {
  const { data } = useSuspenseQuery(userDetailQueryOptions(clientId));
  const shown = profileOf(data);
  return (
    <PortalScreenPage screen="home" clientId={clientId}>
      <AccountBar />
      <Greeting firstName={shown.isPlaceholder ? '' : shown.profile.first_name} />
      <NextAppointmentCard clientId={clientId} cancellable />
      <BookingReminder clientId={clientId} />
      <NextSteps clientId={clientId} />
      <ProfileCard shown={shown} />
      <Stack gap="sm" component="section" aria-labelledby="portal-next">
        <Title order={2} size="h3" id="portal-next">
          Your Thrive
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {NEXT_STEPS.map((screen) => (
            <Card key={screen} withBorder radius="lg" padding="md">
              {/* A 44 px target: the whole line, not just the words. */}
              <AnchorLink
                fw={600}
                display="flex"
                mih={44}
                style={{ alignItems: 'center' }}
                {...portalLink(screen, clientId)}
              >
                {PORTAL_SCREENS[screen].title}
              </AnchorLink>
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
