import { createFileRoute } from '@tanstack/react-router';
import { ThriveDashboardPage } from '../../../../features/dashboard/components/ThriveDashboardPage';

export const Route = createFileRoute('/_authenticated/_staff/thrive-dashboard/')({
  component: ThriveDashboardPage,
});
