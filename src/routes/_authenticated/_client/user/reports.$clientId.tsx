import { createFileRoute } from '@tanstack/react-router';
import { PortalScreenPage } from '@/features/portal';

export const Route = createFileRoute('/_authenticated/_client/user/reports/$clientId')({
  component: function Reports() {
    const { clientId } = Route.useParams();
    return <PortalScreenPage screen="reports" clientId={clientId} />;
  },
});
