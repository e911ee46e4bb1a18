import { Badge } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';

/** Red words on the red tint: Mantine's light red is too faint for 4.5:1. */
const RED_WORDS = { '--badge-color': 'var(--mantine-color-red-9)', flexShrink: 0 } as CSSProperties;

/** What needs someone's attention before anything else: no consent, a client falling behind. */
export function WarningBadge({ children }: { children: ReactNode }) {
  return (
    <Badge
      color="red"
      variant="light"
      radius="sm"
      leftSection={<IconAlertTriangle size={14} aria-hidden />}
      style={RED_WORDS}
    >
      {children}
    </Badge>
  );
}
