import { linkOptions } from '@tanstack/react-router';
import { PageFrame } from '@/components/PageFrame';
import { HUB_CRUMB } from '@/features/hub';

const DASHBOARD_CRUMB = { label: 'Thrive dashboard', link: linkOptions({ to: '/thrive-dashboard' }) };

/** /thrive-dashboard. */
export function ThriveDashboardPage() {
  return (
    <PageFrame
      title="Thrive dashboard"
      crumbs={[HUB_CRUMB, DASHBOARD_CRUMB]}
      purpose="Program enrollments and each client's progress."
    />
  );
}

/** /thrive-dashboard/{id}: one program enrollment. */
export function EnrollmentProgressPage() {
  return (
    <PageFrame
      title="Enrollment progress"
      crumbs={[HUB_CRUMB, DASHBOARD_CRUMB, { label: 'Enrollment' }]}
      purpose="One program enrollment and the client's progress through it."
    />
  );
}
