import { Stack, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/** A list without bullets or indent, its items (`<li>`) stacked: today's appointments, a client's visits. */
export function PlainList({
  label,
  gap = 0,
  children,
}: {
  /** What the list is, for screen readers ("Coming up today"). */
  label?: string;
  gap?: MantineSpacing | number;
  children: ReactNode;
}) {
  return (
    <Stack component="ul" gap={gap} m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
      {children}
    </Stack>
  );
}
