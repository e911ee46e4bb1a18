import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { HubPage } from '@/features/hub';
import { FailedStaffAlerts } from '@/features/messages';
import { OpenMessages } from '@/features/support';
import { userDetailQueryOptions } from '@/features/people';
import { AdviceDueCard, CriticalResultsCard } from '@/features/results';
import { mayDoToClients, mayReadField } from '@contract';
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
            {/* The care team follows up very low Thrive checks: it hears when the care inbox did not. */}
            {mayDoToClients(user.role, 'messages.alerts') && <FailedStaffAlerts clinicId={clinicId} now={now} />}
            {/* Drafts to finish are for the roles that chart (and sign) them. */}
            {mayDoToClients(user.role, 'visits.chart') && (
              <VisitsToComplete clinicId={clinicId} username={user.username} now={now} />
            )}
            {/* Critical values need someone who reads them; reception reads only that a result exists. */}
            {mayReadField(user.role, 'result', 'critical') && <CriticalResultsCard />}
            {mayDoToClients(user.role, 'advices.read') && <AdviceDueCard username={user.username} />}
          </>
        )}
        appointmentActions={(appointment) => <AppointmentVisitAction appointment={appointment} role={user.role} />}
      />
    );
  },
});
