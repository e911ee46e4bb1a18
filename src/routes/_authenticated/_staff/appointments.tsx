import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { PageLoader } from '@/app/shell/PageLoader';
import { AppointmentsPage, parseAppointmentsSearch } from '@/features/appointments';
import { userDetailQueryOptions } from '@/features/people';
import { AppointmentVisitAction } from '@/features/visits';

export const Route = createFileRoute('/_authenticated/_staff/appointments')({
  // Clinic, day, view and resource kind live in the URL: back, forward and reload keep them.
  validateSearch: parseAppointmentsSearch,
  // The screen's code (the clinics and the person's own clinic come with the signed-in frame).
  loader: () => AppointmentsPage.preload?.(),
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
          appointmentActions={(appointment) => <AppointmentVisitAction appointment={appointment} role={user.role} />}
        />
      </Suspense>
    );
  },
});
