import { Group, Text, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A term and its value, read-only: a profile's field, a visit's reading, a
 * client at a glance. A description list of its own, so it sits in any grid;
 * `inline` puts the term before the value (a dialog's details).
 */
export function Term({
  label,
  children,
  size = 'md',
  inline = false,
  stat = false,
}: {
  label: ReactNode;
  children: ReactNode;
  size?: MantineSize;
  inline?: boolean;
  /** A figure that is the point of its card (a score, a risk): large and bold. */
  stat?: boolean;
}) {
  const term = (
    <Text component="dt" size="sm" c="dimmed" w={inline ? 96 : undefined} style={{ flexShrink: 0 }}>
      {label}
    </Text>
  );
  const value = (
    <Text
      component="dd"
      m={0}
      size={stat ? 'xl' : size}
      fw={stat ? 700 : 500}
      style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', minWidth: 0 }}
    >
      {children}
    </Text>
  );
  return inline ? (
    <Group component="dl" gap="xs" wrap="nowrap" align="baseline" m={0}>
      {term}
      {value}
    </Group>
  ) : (
    <dl style={{ margin: 0, minWidth: 0 }}>
      {term}
      {value}
    </dl>
  );
}
