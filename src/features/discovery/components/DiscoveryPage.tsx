import { Card, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { PageFrame } from '@/components/PageFrame';
import { AnchorLink } from '@/components/RouterLinks';
import { HUB_CRUMB } from '@/features/hub';
import { CLIENTS_ONLY, userListQueryOptions } from '@/features/users';

/** /discovery: for now the first page of clients, each opening its discovery page. */
export function DiscoveryPage() {
  const { data } = useSuspenseQuery(userListQueryOptions(CLIENTS_ONLY));
  return (
    <PageFrame
      title="Discovery"
      crumbs={[HUB_CRUMB, { label: 'Discovery' }]}
      purpose="Search clients by name, e-mail or phone; a result opens the client's discovery page."
    >
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="discovery-clients">
        <Stack gap="sm">
          <Title order={2} size="h4" id="discovery-clients">
            Clients
          </Title>
          <Text size="sm" c="dimmed">
            {data.count > data.results.length
              ? `The first ${data.results.length} of ${data.count} clients, by name.`
              : `${data.count} ${data.count === 1 ? 'client' : 'clients'}, by name.`}
          </Text>
          <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
            {data.results.map((client) => (
              <li key={client.id} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
                <AnchorLink
                  to="/client/discovery/$clientId"
                  params={{ clientId: client.id }}
                  display="block"
                  py="sm"
                  style={{ minHeight: 44 }}
                >
                  <Text fw={600} span>
                    {[client.first_name, client.last_name].filter(Boolean).join(' ') || client.email}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {client.email}
                    {client.phone_number ? ` · ${client.phone_number}` : ''}
                  </Text>
                </AnchorLink>
              </li>
            ))}
          </Stack>
        </Stack>
      </Card>
    </PageFrame>
  );
}
