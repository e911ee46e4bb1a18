import { Card, Stack, Text, Title } from '@mantine/core';
import { PageFrame } from '../../../components/PageFrame';
import { AnchorLink } from '../../../components/RouterLinks';

/** /backoffice: where ADMIN starts. */
export function BackofficePage() {
  return (
    <PageFrame
      title="Backoffice"
      crumbs={[{ label: 'Backoffice' }]}
      purpose="The clinic's administration: the people who use Thrive and what each may do."
    >
      <Card withBorder radius="lg" padding="lg" maw={420}>
        <Stack gap="xs">
          <Title order={2} size="h4">
            <AnchorLink to="/users">Users</AnchorLink>
          </Title>
          <Text size="sm">User list, create, disable or delete, role changes, and each user's profile.</Text>
        </Stack>
      </Card>
    </PageFrame>
  );
}
