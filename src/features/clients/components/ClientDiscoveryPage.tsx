import { Group, SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { mayDoToClients, type Role, type components } from '@contract';
import { PageFrame } from '@/components/PageFrame';
import { withheld } from '@/components/signed-in/NotShown';
import { PanelCard } from '@/components/signed-in/PanelCard';
import { ButtonLink } from '@/components/RouterLinks';
import { ClientWellbeingCard } from '@/features/assessments';
import { fullName } from '@/features/people';
import { ProfileCard, ageInYears } from '@/features/profiles';
import { ClientAdvicePanel, ClientResultsPanel } from '@/features/results';
import { StartVisitMenu } from '@/features/visits';
import { DISCOVERY_CRUMB, HUB_CRUMB } from '@/lib/navigation';
import { clientAppointmentsQueryOptions } from '../api/queries';
import { useClientProfile } from '../useClientProfile';
import { ClientAlerts } from './ClientAlerts';
import { ClientAppointments } from './ClientAppointments';
import { ClientGlance } from './ClientGlance';
import { ClientLinks } from './ClientLinks';
import { ClientPrograms } from './ClientPrograms';
import { ClientRisk } from './ClientRisk';
import { ClientVisits } from './ClientVisits';

type Schemas = components['schemas'];

/** The client as this page opened it: what a list of recently opened clients shows of them. */
export type OpenedClient = Pick<
  Schemas['ClientSearchResult'],
  'id' | 'first_name' | 'last_name' | 'email' | 'phone_number' | 'age' | 'hipaa_consent'
> & { next_appointment?: Schemas['NextAppointment'] | null };

/**
 * /client/discovery/{clientId}: the client at a glance: who, how to reach them, what to watch out for,
 * appointments, visit history, programs and risk, and what a nurse does next (start a visit, book, open
 * the details or the profile). Opening it puts the client among this person's recent clients.
 */
export function ClientDiscoveryPage({
  clientId,
  viewerRole,
  onOpened,
}: {
  clientId: string;
  /** What the person may do and read here: start a visit of a therapy their role charts, lab results, advice. */
  viewerRole: Role;
  /** Told once the client is known (and again as their next appointment is): discovery's recent clients. */
  onOpened?: (client: OpenedClient) => void;
}) {
  const shown = useClientProfile(clientId);
  const { profile } = shown;
  const name = fullName(profile);
  const upcoming = useQuery(clientAppointmentsQueryOptions(clientId, 'upcoming'));
  const age = ageInYears(profile.date_of_birth);
  const next =
    upcoming.data === undefined
      ? undefined
      : (upcoming.data.find((item) => item.status === 'booked' || item.status === 'checked_in') ?? null);

  useEffect(() => {
    if (shown.isPlaceholder) return;
    onOpened?.({
      id: clientId,
      first_name: profile.first_name,
      last_name: profile.last_name,
      email: profile.email,
      ...(withheld(profile, 'phone_number') ? {} : { phone_number: profile.phone_number ?? null }),
      age,
      hipaa_consent: profile.hipaa_consent,
      next_appointment:
        next === undefined
          ? undefined
          : next === null
            ? null
            : {
                id: next.id,
                starts_at: next.starts_at,
                time_zone: next.time_zone,
                status: next.status === 'checked_in' ? 'checked_in' : 'booked',
                service_name: next.service_name,
                clinic_name: next.clinic_name,
              },
    });
  }, [onOpened, clientId, shown.isPlaceholder, profile, age, next]);

  const isClient = !shown.isPlaceholder && profile.role === 'CLIENT';
  return (
    <PageFrame
      title={name}
      crumbs={[HUB_CRUMB, DISCOVERY_CRUMB, { label: name }]}
      purpose="The client at a glance: alerts first, then appointments, visits, programs, lab results, advice, risk and wellbeing."
    >
      <Group gap="sm">
        <StartVisitMenu clientId={clientId} clientName={name} role={viewerRole} />
        <ButtonLink variant="default" to="/appointments">
          Book
        </ButtonLink>
        <ClientLinks clientId={clientId} />
      </Group>
      <ClientAlerts clientId={clientId} clientName={name} viewerRole={viewerRole} />
      <PanelCard title="At a glance">
        <ClientGlance clientId={clientId} consented={!isClient || profile.hipaa_consent} />
      </PanelCard>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ClientAppointments clientId={clientId} />
        <ClientVisits clientId={clientId} />
      </SimpleGrid>
      {isClient && <ClientPrograms clientId={clientId} />}
      {isClient && <ClientResultsPanel clientId={clientId} clientName={name} role={viewerRole} />}
      {isClient && mayDoToClients(viewerRole, 'advices.read') && (
        <ClientAdvicePanel clientId={clientId} clientName={name} role={viewerRole} />
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ProfileCard shown={shown} />
        <ClientRisk clientId={clientId} />
      </SimpleGrid>
      {isClient && <ClientWellbeingCard clientId={clientId} />}
    </PageFrame>
  );
}
