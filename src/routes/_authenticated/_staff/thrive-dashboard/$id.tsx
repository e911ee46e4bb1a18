import { createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { PageLoader } from '@/app/shell/PageLoader';
import { DashboardLoadError, ProgramPage, filtersOf, parseDashboardSearch } from '@/features/dashboard';
import { programQueryOptions } from '@/features/enrollments';

export const Route = createFileRoute('/_authenticated/_staff/thrive-dashboard/$id')({
  validateSearch: parseDashboardSearch,
  loaderDeps: ({ search }) => filtersOf(search),
  loader: ({ context, params, deps }) =>
    Promise.all([
      // The page's code with its data: pointing at a program's link loads both.
      ProgramPage.preload?.(),
      context.queryClient.query(programQueryOptions(params.id, deps)),
    ]),
  errorComponent: DashboardLoadError,
  component: function Program() {
    const { id } = Route.useParams();
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <Suspense fallback={<PageLoader />}>
        <ProgramPage
          id={id}
          search={search}
          onSearchChange={(next) => void navigate({ search: next, replace: true })}
        />
      </Suspense>
    );
  },
});
