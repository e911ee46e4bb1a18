import { Alert } from '@mantine/core';
import { FormActions } from '@/components/FormActions';
import { useOnline } from '@/pwa/connection';
import { NEEDS_NETWORK_MESSAGE } from '../model/outcome';

/** The end of a form that changes the schedule: why it waits while offline, and its submit (held until online). */
export function ScheduleSubmit({ label, pending }: { label: string; pending: boolean }) {
  const online = useOnline();
  return (
    <>
      {!online && (
        <Alert color="yellow" variant="light" role="status">
          {NEEDS_NETWORK_MESSAGE}
        </Alert>
      )}
      <FormActions submit={{ label, pending, disabled: !online }} />
    </>
  );
}
