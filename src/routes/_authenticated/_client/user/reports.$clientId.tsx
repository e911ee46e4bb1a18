import { createFileRoute } from '@tanstack/react-router';
import { PortalScreenPage } from '@/features/portal';
import { Reports, ReportsLoadError, loadReports } from '@/features/reports';

export const Route = createFileRoute('/_authenticated/_client/user/reports/$clientId')({
  loader: ({ context, params }) => loadReports(context.queryClient, params.clientId),
  errorComponent: ReportsLoadError,
  component: function ReportsScreen() {
    const { clientId } = Route.useParams();
    return (
      <PortalScreenPage screen="reports" clientId={clientId}>
        <Reports clientId={clientId} />
      </PortalScreenPage>
    );
  },
});
