import { Card, Group, Stack, Title, type MantineSpacing } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/**
 * One section of a page as a card: its heading (which names the section for
 * screen readers and for a search of the page's regions), what it holds, and
 * any actions beside the heading.
 */
export function PanelCard({
  title,
  actions,
  gap = 'sm',
  padding = 'md',
  children,
}: {
  title: ReactNode;
  /** Beside the heading: a link to more, a button that adds. */
  actions?: ReactNode;
  gap?: MantineSpacing;
  padding?: MantineSpacing;
  children: ReactNode;
}) {
  const headingId = useId();
  const heading = (
    <Title order={2} size="h4" id={headingId}>
      {title}
    </Title>
  );
  return (
    <Card withBorder radius="lg" padding={padding} component="section" aria-labelledby={headingId}>
      <Stack gap={gap}>
        {actions ? (
          <Group justify="space-between" gap="xs" wrap="wrap">
            {heading}
            {actions}
          </Group>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </Card>
  );
}
