import { createFileRoute } from '@tanstack/react-router';
import { ThriveDashboardPage } from '@/features/dashboard';

export const Route = createFileRoute('/_authenticated/_staff/thrive-dashboard/')({
  component: ThriveDashboardPage,
});
