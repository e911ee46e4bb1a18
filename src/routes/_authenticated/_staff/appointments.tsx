import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { PageLoader } from '@/app/shell/PageLoader';
import { AppointmentsPage, clinicsQueryOptions, parseAppointmentsSearch } from '@/features/appointments';
import { userDetailQueryOptions } from '@/features/users';
import { AppointmentVisitAction } from '@/features/visits';

export const Route = createFileRoute('/_authenticated/_staff/appointments')({
  // Clinic, day, view and resource kind live in the URL: back, forward and reload keep them.
  validateSearch: parseAppointmentsSearch,
  loader: ({ context }) =>
    Promise.all([
      // The screen's code with its data: pointing at the link loads both.
      AppointmentsPage.preload?.(),
      context.queryClient.query({ ...clinicsQueryOptions(), staleTime: 'static' }),
      // The person's own clinic comes first; without their profile the first clinic shows.
      context.queryClient
        .query({ ...userDetailQueryOptions(context.user.username), staleTime: 'static' })
        .catch(() => null),
    ]),
  component: function Appointments() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const { user } = Route.useRouteContext();
    // The person's own clinic comes first; without it (still loading, or none set) the first clinic shows.
    const me = useQuery(userDetailQueryOptions(user.username));
    return (
      <Suspense fallback={<PageLoader />}>
        <AppointmentsPage
          search={search}
          onSearchChange={(next) => void navigate({ search: next, replace: true })}
          homeClinic={me.data?.Profile?.clinic ?? null}
          appointmentActions={(appointment) => <AppointmentVisitAction appointment={appointment} />}
        />
      </Suspense>
    );
  },
});
