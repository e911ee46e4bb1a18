import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type CSSProperties, type ReactNode } from 'react';
import { THERAPY_INFO, type components } from '@contract';
import { PageFrame } from '@/components/PageFrame';
import { QueryState } from '@/components/QueryState';
import { AnchorLink, ButtonLink } from '@/components/RouterLinks';
import { ClientWellbeingCard } from '@/features/assessments';
import { StatusBadge } from '@/features/appointments';
import { BehindBadge, ProgressBars, SessionDates, StatusChip, programsQueryOptions } from '@/features/enrollments';
import { useClinicClocks } from '@/features/clinics';
import { DISCOVERY_CRUMB, HUB_CRUMB } from '@/lib/navigation';
import { ProfileCard, ageInYears } from '@/features/profiles';
import { fullName } from '@/features/people';
import { riskInputFromProfile } from '@/features/risk';
import { StartVisitMenu } from '@/features/visits';
import { clockOf, formatDate, formatWhen, useClock, type ClinicClock } from '@/lib/intl';
import { clientAlertsQueryOptions, clientAppointmentsQueryOptions, clientVisitsQueryOptions } from '../api/queries';
import { useClientProfile } from '../useClientProfile';
import { ClientLinks } from './ClientLinks';

type Schemas = components['schemas'];
type VisitSummary = Schemas['VisitSummary'];
type Appointment = Schemas['Appointment'];

/** The client as this page opened it: what a list of recently opened clients shows of them. */
export type OpenedClient = Pick<
  Schemas['ClientSearchResult'],
  'id' | 'first_name' | 'last_name' | 'email' | 'phone_number' | 'age' | 'hipaa_consent'
> & { next_appointment?: Schemas['NextAppointment'] | null };

const UNDER_WAY = new Set<Schemas['EnrollmentStatus']>(['active', 'pending', 'paused']);
const RED_WORDS = { '--badge-color': 'var(--mantine-color-red-9)' } as CSSProperties;
const DARK_WORDS = { '--badge-color': 'var(--mantine-color-dark-7)' } as CSSProperties;

/** The visit screen of each therapy; a new id starts a new visit there. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function appointmentLine(appointment: Appointment): string {
  return `${formatWhen(appointment.starts_at, clockOf(appointment.time_zone))} · ${appointment.service_name} · ${appointment.resource_name}, ${appointment.clinic_name}`;
}

/** A visit's date on its clinic's clock, and its therapy. */
function visitLine(visit: VisitSummary, clock: ClinicClock): string {
  return `${formatDate(visit.created_at, clock)} · ${THERAPY_INFO[visit.therapy].name}`;
}

/** Next appointment, last visit and missing consent: what the person at the desk or the bay needs first. */
function AtAGlance({ clientId, consented }: { clientId: string; consented: boolean }) {
  const upcoming = useQuery(clientAppointmentsQueryOptions(clientId, 'upcoming'));
  const visits = useQuery(clientVisitsQueryOptions(clientId));
  const next = upcoming.data?.[0];
  const last = visits.data?.results.find((visit) => visit.state === 'signed') ?? visits.data?.results[0];
  const clockOfVisit = useClinicClocks();
  return (
    <Stack gap="xs">
      {!consented && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title="No HIPAA consent">
          This client has not given the HIPAA authorization. A visit cannot be signed until they give it in the portal.
        </Alert>
      )}
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" m={0}>
        <div>
          <Text component="dt" size="sm" c="dimmed">
            Next appointment
          </Text>
          <Text component="dd" m={0} fw={600}>
            {upcoming.data === undefined
              ? upcoming.isError
                ? 'Could not be loaded'
                : '…'
              : next
                ? appointmentLine(next)
                : 'Nothing booked'}
          </Text>
        </div>
        <div>
          <Text component="dt" size="sm" c="dimmed">
            Last visit
          </Text>
          <Text component="dd" m={0} fw={600}>
            {visits.data === undefined
              ? visits.isError
                ? 'Could not be loaded'
                : '…'
              : last
                ? `${visitLine(last, clockOfVisit({ id: last.clinic_id }))}${last.state === 'draft' ? ' (not signed yet)' : ''}`
                : 'No visit yet'}
          </Text>
        </div>
      </SimpleGrid>
    </Stack>
  );
}

function AlertsSection({ clientId }: { clientId: string }) {
  const alerts = useQuery(clientAlertsQueryOptions(clientId));
  const clock = useClock();
  return (
    <Section id="client-alerts" title="Alerts">
      <QueryState query={alerts} what="The alerts">
        {(data) =>
          data.hipaa_consent && data.contraindications.length === 0 && data.reactions.length === 0 ? (
            <Text size="sm" c="dimmed">
              No contraindication answered yes and no reaction recorded in past visits.
            </Text>
          ) : (
            <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
              {!data.hipaa_consent && (
                <Group component="li" gap="xs">
                  <Badge color="red" variant="light" radius="sm" style={RED_WORDS}>
                    Consent
                  </Badge>
                  <Text size="sm">No HIPAA authorization on file.</Text>
                </Group>
              )}
              {data.contraindications.map((item) => (
                <Group
                  component="li"
                  key={`${item.visit_id}-${item.question}`}
                  gap="xs"
                  wrap="nowrap"
                  align="flex-start"
                >
                  <Badge color="orange" variant="light" radius="sm" style={DARK_WORDS}>
                    Contraindication
                  </Badge>
                  <Text size="sm">
                    {item.label} ({THERAPY_INFO[item.therapy].name}, {formatDate(item.at, clock)})
                    {item.override_reason ? `. Went ahead: ${item.override_reason}` : ''}
                  </Text>
                </Group>
              ))}
              {data.reactions.map((item) => (
                <Group
                  component="li"
                  key={`${item.visit_id}-${item.at}-${item.what}`}
                  gap="xs"
                  wrap="nowrap"
                  align="flex-start"
                >
                  <Badge
                    color={item.severity === 'mild' ? 'yellow' : 'red'}
                    variant="light"
                    radius="sm"
                    style={DARK_WORDS}
                  >
                    {item.severity} reaction
                  </Badge>
                  <Text size="sm">
                    {item.what} ({THERAPY_INFO[item.therapy].name}, {formatDate(item.at, clock)})
                    {item.action ? `. ${item.action}` : ''}
                  </Text>
                </Group>
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Section>
  );
}

function AppointmentList({
  appointments,
  empty,
  label,
}: {
  appointments: readonly Appointment[];
  empty: string;
  label: string;
}) {
  if (appointments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
      {appointments.map((appointment) => (
        <Group component="li" key={appointment.id} gap="xs" justify="space-between" wrap="nowrap">
          <Text size="sm" style={{ minWidth: 0 }}>
            {appointmentLine(appointment)}
          </Text>
          <StatusBadge status={appointment.status} />
        </Group>
      ))}
    </Stack>
  );
}

function AppointmentsSection({ clientId }: { clientId: string }) {
  const upcoming = useQuery(clientAppointmentsQueryOptions(clientId, 'upcoming'));
  const past = useQuery(clientAppointmentsQueryOptions(clientId, 'past'));
  return (
    <Section id="client-appointments" title="Appointments">
      <Text size="sm" fw={600}>
        Coming up
      </Text>
      <QueryState query={upcoming} what="The coming appointments">
        {(data) => <AppointmentList appointments={data} empty="Nothing booked." label="Coming appointments" />}
      </QueryState>
      <Text size="sm" fw={600}>
        Lately
      </Text>
      <QueryState query={past} what="The past appointments">
        {(data) => (
          <AppointmentList
            appointments={data}
            empty="No appointment in the last six months."
            label="Past appointments"
          />
        )}
      </QueryState>
      <AnchorLink to="/appointments" size="sm">
        Open the schedule to book
      </AnchorLink>
    </Section>
  );
}

function VisitsSection({ clientId }: { clientId: string }) {
  const visits = useQuery(clientVisitsQueryOptions(clientId));
  const clockOfVisit = useClinicClocks();
  return (
    <Section id="client-visits" title="Visit history">
      <QueryState query={visits} what="The visit history">
        {(data) =>
          data.results.length === 0 ? (
            <Text size="sm" c="dimmed">
              No visit yet.
            </Text>
          ) : (
            <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Visits, newest first">
              {data.results.map((visit) => (
                <li key={visit.id} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
                  <AnchorLink
                    to="/client/discovery/$clientId/visit/$visitId"
                    params={{ clientId, visitId: visit.id }}
                    display="flex"
                    mih={44}
                    py={6}
                    style={{ alignItems: 'center', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}
                  >
                    <span>{visitLine(visit, clockOfVisit({ id: visit.clinic_id }))}</span>
                    <Text span size="sm" c="dimmed">
                      {visit.state === 'signed'
                        ? `Signed by ${visit.signed_by_name ?? 'staff'}`
                        : `Draft, started by ${visit.created_by_name}`}
                    </Text>
                  </AnchorLink>
                </li>
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Section>
  );
}

function ProgramsSection({ clientId }: { clientId: string }) {
  const programs = useQuery(programsQueryOptions({ client: clientId }));
  return (
    <Section id="client-programs" title="Programs">
      <QueryState query={programs} what="The program progress">
        {(data) => {
          // What is under way first, then the most recent start.
          const enrolled = data.results
            .flatMap((program) => program.enrollments.map((progress) => ({ program, progress })))
            .sort(
              (a, b) =>
                Number(UNDER_WAY.has(b.progress.status)) - Number(UNDER_WAY.has(a.progress.status)) ||
                b.progress.start_date.localeCompare(a.progress.start_date),
            );
          if (enrolled.length === 0) {
            return (
              <Text size="sm" c="dimmed">
                Not enrolled in any program.
              </Text>
            );
          }
          return (
            <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
              {enrolled.map(({ program, progress }) => (
                <Stack component="li" key={progress.enrollment_id} gap={6}>
                  <Group gap="xs">
                    <AnchorLink to="/thrive-dashboard/$id" params={{ id: program.id }} fw={700}>
                      {program.name}
                    </AnchorLink>
                    <StatusChip progress={progress} />
                    <BehindBadge progress={progress} />
                  </Group>
                  <ProgressBars progress={progress} label={program.name} />
                  <SessionDates progress={progress} />
                </Stack>
              ))}
            </Stack>
          );
        }}
      </QueryState>
    </Section>
  );
}

/**
 * The latest cardiovascular risk. The calculator (on the details page) is prefilled from the profile:
 * sex and age; cholesterol, blood pressure and the rest are entered there, as no visit records them.
 */
function RiskSection({ clientId, sex, age }: { clientId: string; sex: string | undefined; age: number | undefined }) {
  return (
    <Section id="client-risk" title="Cardiovascular risk">
      <Text size="sm">
        No result is stored: Thrive records no cholesterol values, so the risk is calculated on the details page with
        the latest lab results at hand.{' '}
        {sex || age !== undefined
          ? `From the profile: ${[sex, age === undefined ? null : `${age} years`].filter(Boolean).join(', ')}.`
          : ''}
      </Text>
      <AnchorLink to="/client/$clientId/details" params={{ clientId }} size="sm">
        Open the calculator on the details page
      </AnchorLink>
    </Section>
  );
}

/**
 * /client/discovery/{clientId}: the client at a glance: who, how to reach them, what to watch out for,
 * appointments, visit history, programs and risk, and what a nurse does next (start a visit, book, open
 * the details or the profile). Opening it puts the client among this person's recent clients.
 */
export function ClientDiscoveryPage({
  clientId,
  onOpened,
}: {
  clientId: string;
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
      phone_number: profile.phone_number ?? null,
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

  const risk = riskInputFromProfile({ gender: profile.gender, ageYears: age });
  const isClient = !shown.isPlaceholder && profile.role === 'CLIENT';
  return (
    <PageFrame
      title={name}
      crumbs={[HUB_CRUMB, DISCOVERY_CRUMB, { label: name }]}
      purpose="The client at a glance: alerts, appointments, visits, programs, risk and wellbeing."
    >
      <Group gap="sm">
        <StartVisitMenu clientId={clientId} clientName={name} />
        <ButtonLink variant="default" to="/appointments">
          Book
        </ButtonLink>
        <ClientLinks clientId={clientId} />
      </Group>
      <Section id="client-glance" title="At a glance">
        <AtAGlance clientId={clientId} consented={!isClient || profile.hipaa_consent} />
      </Section>
      <AlertsSection clientId={clientId} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <AppointmentsSection clientId={clientId} />
        <VisitsSection clientId={clientId} />
      </SimpleGrid>
      {isClient && <ProgramsSection clientId={clientId} />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ProfileCard shown={shown} />
        <RiskSection clientId={clientId} sex={risk.sex} age={risk.age} />
      </SimpleGrid>
      {isClient && <ClientWellbeingCard clientId={clientId} />}
    </PageFrame>
  );
}
