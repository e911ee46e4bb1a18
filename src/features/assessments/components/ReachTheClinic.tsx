import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { getEnv } from '@/config/env';
import { AnchorLink } from '@/components/RouterLinks';

/**
 * How to reach the clinic, shown with a low Thrive check: people, not a
 * diagnosis. Urgent help comes first.
 */
export function ReachTheClinic({ clientId }: { clientId: string }) {
  const email = getEnv().supportEmail;
  return (
    <Alert
      variant="light"
      color="thrive"
      radius="lg"
      title="Talk to us"
      icon={<IconHeartHandshake size={22} aria-hidden />}
      // A region named by its title (Mantine labels it with the title), not an alert: nothing went wrong.
      role="region"
      // Dark words on the light tint: the links and text keep 4.5:1 (Mantine's tinted text would not).
      styles={{ message: { color: 'var(--mantine-color-text)' } }}
    >
      <Text size="sm" mb="xs">
        Your care team is here for you. Reach them the way that suits you:
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>
          Write to{' '}
          <Anchor href={`mailto:${email}`} c="var(--mantine-color-text)" underline="always">
            {email}
          </Anchor>
        </List.Item>
        <List.Item>
          Send a message from{' '}
          <AnchorLink
            to="/user/support/$clientId"
            params={{ clientId }}
            c="var(--mantine-color-text)"
            underline="always"
          >
            Support
          </AnchorLink>
        </List.Item>
        <List.Item>Tell the team at your next visit</List.Item>
      </List>
      <Text size="sm" mt="xs" fw={600}>
        If you feel you might harm yourself, or you are in danger now, call your local emergency number.
      </Text>
    </Alert>
  );
}
