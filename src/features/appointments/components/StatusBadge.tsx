import { TintBadge } from '@/components/signed-in/TintBadge';
import { STATUS_COLORS, STATUS_LABELS, type AppointmentStatus } from '../model/labels';

/** An appointment's status as a chip; a move not yet on the server says so. */
export function StatusBadge({ status, unsent = false }: { status: AppointmentStatus; unsent?: boolean }) {
  return (
    <TintBadge color={STATUS_COLORS[status]} radius="sm">
      {STATUS_LABELS[status]}
      {unsent ? ' · not yet sent' : ''}
    </TintBadge>
  );
}
