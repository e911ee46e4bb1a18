import { createFileRoute } from '@tanstack/react-router';
import { PortalScreenPage } from '@/features/portal';
import { Reports, ReportsLoadError, loadReports, parseReportsSearch } from '@/features/reports';

export const Route = createFileRoute('/_authenticated/_client/user/reports/$clientId')({
  validateSearch: parseReportsSearch,
  loader: ({ context, params }) => loadReports(context.queryClient, params.clientId),
  errorComponent: ReportsLoadError,
  component: function ReportsScreen() {
    const { clientId } = Route.useParams();
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <PortalScreenPage screen="reports" clientId={clientId}>
        <Reports clientId={clientId} search={search} onSearchChange={(next) => void navigate({ search: next })} />
      </PortalScreenPage>
    );
  },
});
