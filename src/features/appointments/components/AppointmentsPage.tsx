import { PageFrame } from '@/components/PageFrame';
import { HUB_CRUMB } from '@/features/hub';

/** /appointments. */
export function AppointmentsPage() {
  return (
    <PageFrame
      title="Appointments"
      crumbs={[HUB_CRUMB, { label: 'Appointments' }]}
      purpose="Day and week views per clinic and resource (chair, chamber, room): book, reschedule, check in, cancel and record no-shows."
    />
  );
}
