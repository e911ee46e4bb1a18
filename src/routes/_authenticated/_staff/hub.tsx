import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { clinicsQueryOptions } from '@/features/appointments';
import { HubPage } from '@/features/hub';
import { OpenMessages } from '@/features/support';
import { userDetailQueryOptions } from '@/features/users';
import { AppointmentVisitAction, VisitsToComplete } from '@/features/visits';

export const Route = createFileRoute('/_authenticated/_staff/hub')({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.query({ ...clinicsQueryOptions(), staleTime: 'static' }),
      // The person's own clinic comes first; without their profile the first clinic shows.
      context.queryClient
        .query({ ...userDetailQueryOptions(context.user.username), staleTime: 'static' })
        .catch(() => null),
    ]),
  component: function Hub() {
    const { user } = Route.useRouteContext();
    // The person's clinic, from their own profile (kept on the device, so it is there offline too).
    const me = useQuery(userDetailQueryOptions(user.username));
    return (
      <HubPage
        role={user.role}
        homeClinic={me.data?.Profile?.clinic ?? null}
        clinicCards={(clinicId, now) => (
          <>
            <OpenMessages clinicId={clinicId} now={now} />
            <VisitsToComplete clinicId={clinicId} username={user.username} now={now} />
          </>
        )}
        appointmentActions={(appointment) => <AppointmentVisitAction appointment={appointment} />}
      />
    );
  },
});
