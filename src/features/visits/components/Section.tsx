import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One part of a visit, titled, with an id to jump to from the list of what signing still needs. */
export function Section({
  id,
  title,
  actions,
  children,
}: {
  id: string;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={`${id}-title`} id={id}>
      <Stack gap="md">
        <Stack gap={4} style={{ flexDirection: 'row', alignItems: 'center', justifyContent: 'space-between' }}>
          <Title order={2} size="h4" id={`${id}-title`}>
            {title}
          </Title>
          {actions}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
