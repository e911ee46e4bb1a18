import { Badge, Card, Group, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** An answer kept on this device, not yet accepted by the server (the outbox sends it). */
export function UnsentBadge() {
  return (
    <Badge variant="light" color="blue" size="sm" style={{ '--badge-color': 'var(--mantine-color-dark-7)' }}>
      Not yet on the server
    </Badge>
  );
}

/** A section of the client's results: a card named by its heading, marked when it is not on the server yet. */
export function ResultCard({
  heading,
  headingSize = 'h4',
  unsent = false,
  children,
}: {
  heading: string;
  headingSize?: 'h3' | 'h4';
  unsent?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size={headingSize} id={headingId}>
            {heading}
          </Title>
          {unsent && <UnsentBadge />}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
