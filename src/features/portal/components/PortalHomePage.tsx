import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../components/RouterLinks';
import { ProfileCard } from '../../profiles/components/ProfileCard';
import { profileOf } from '../../profiles/model/profile';
import { userDetailQueryOptions } from '../../users/api/queries';
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

/** /user/home/{clientId}: the client's name and profile, and the way to every portal screen. */
export function PortalHomePage({ clientId }: { clientId: string }) {
  const { data } = useSuspenseQuery(userDetailQueryOptions(clientId));
  return (
    <PortalScreenPage screen="home" clientId={clientId}>
      <ProfileCard shown={profileOf(data)} />
      <Stack gap="sm" component="section" aria-labelledby="portal-next">
        <Title order={2} size="h3" id="portal-next">
          Your Thrive
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {NEXT_STEPS.map((screen) => (
            <Card key={screen} withBorder radius="lg" padding="md">
              <AnchorLink fw={600} {...portalLink(screen, clientId)}>
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
