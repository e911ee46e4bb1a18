import { createFileRoute } from '@tanstack/react-router';
import { EnrollmentProgressPage } from '@/features/dashboard';

export const Route = createFileRoute('/_authenticated/_staff/thrive-dashboard/$id')({
  component: EnrollmentProgressPage,
});
