import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { linkOptions, type LinkOptions } from '@tanstack/react-router';
import { PageFrame } from '@/components/PageFrame';
import { AnchorLink } from '@/components/RouterLinks';

const AREAS: { title: string; purpose: string; link: LinkOptions }[] = [
  {
    title: 'Appointments',
    purpose: 'Day and week views per clinic and resource; book, reschedule, check in.',
    link: linkOptions({ to: '/appointments' }),
  },
  {
    title: 'Discovery',
    purpose: 'Find a client by name, e-mail or phone and open their discovery page.',
    link: linkOptions({ to: '/discovery' }),
  },
  {
    title: 'Thrive dashboard',
    purpose: "Program enrollments and each client's progress.",
    link: linkOptions({ to: '/thrive-dashboard' }),
  },
];

/** /hub: where staff start. */
export function HubPage() {
  return (
    <PageFrame
      title="Hub"
      crumbs={[{ label: 'Hub' }]}
      purpose="Today at a glance for your role: today's appointments, clients in clinic now, visits to complete, and a quick search."
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {AREAS.map((area) => (
          <Card key={area.title} withBorder radius="lg" padding="lg">
            <Stack gap="xs">
              <Title order={2} size="h4">
                <AnchorLink {...area.link}>{area.title}</AnchorLink>
              </Title>
              <Text size="sm">{area.purpose}</Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </PageFrame>
  );
}
