import { Badge } from '@mantine/core';
import type { CSSProperties } from 'react';
import { STATUS_COLORS, STATUS_LABELS, type AppointmentStatus } from '../model/labels';

/** An appointment's status as a chip; a move not yet on the server says so. */
export function StatusBadge({ status, unsent = false }: { status: AppointmentStatus; unsent?: boolean }) {
  const color = STATUS_COLORS[status];
  // Dark words on the status's tint: the light badge's own coloured words are too faint on some tints
  // (orange's darkest shade reaches 3.6:1; WCAG AA asks 4.5:1). The tint and the word carry the status.
  const words = { '--badge-color': 'var(--mantine-color-dark-7)' } as CSSProperties;
  return (
    <Badge color={color} variant="light" radius="sm" style={{ flexShrink: 0, ...words }}>
      {STATUS_LABELS[status]}
      {unsent ? ' · not yet sent' : ''}
    </Badge>
  );
}
