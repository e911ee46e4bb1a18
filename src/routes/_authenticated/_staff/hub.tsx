import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ACCESS_RULES, resultAccess } from '@contract';
import { HubPage } from '@/features/hub';
import { OpenMessages } from '@/features/support';
import { userDetailQueryOptions } from '@/features/people';
import { AdviceDueCard, CriticalResultsCard } from '@/features/results';
import { AppointmentVisitAction, VisitsToComplete } from '@/features/visits';

/** The clinics and the person's own clinic come with the signed-in frame (`_authenticated`'s loader). */
export const Route = createFileRoute('/_authenticated/_staff/hub')({
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
            {/* Critical values need someone who reads them; reception reads only that a result exists. */}
            {['values', 'released-values'].includes(resultAccess(user)) && <CriticalResultsCard />}
            {ACCESS_RULES[user.role]['advices.read'] && <AdviceDueCard username={user.username} />}
          </>
        )}
        appointmentActions={(appointment) => <AppointmentVisitAction appointment={appointment} />}
      />
    );
  },
});
