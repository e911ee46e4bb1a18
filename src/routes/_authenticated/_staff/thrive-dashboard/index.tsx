import { createFileRoute } from '@tanstack/react-router';
import { DashboardLoadError, ThriveDashboardPage, filtersOf, parseDashboardSearch } from '@/features/dashboard';
import { programsQueryOptions } from '@/features/enrollments';

export const Route = createFileRoute('/_authenticated/_staff/thrive-dashboard/')({
  // Program, status and clinic live in the URL: back, forward and reload keep them.
  validateSearch: parseDashboardSearch,
  loaderDeps: ({ search }) => filtersOf(search),
  loader: ({ context, deps }) => context.queryClient.query(programsQueryOptions(deps)),
  errorComponent: DashboardLoadError,
  component: function ThriveDashboard() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <ThriveDashboardPage search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />
    );
  },
});
