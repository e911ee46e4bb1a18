import { Badge } from '@mantine/core';
import { STATUS_COLORS, STATUS_LABELS, type AppointmentStatus } from '../model/labels';

/** An appointment's status as a chip. */
export function StatusBadge({ status }: { status: AppointmentStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" radius="sm" style={{ flexShrink: 0 }}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
