import { Button, Card, Group, NativeSelect, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import { THERAPY_INFO, type components } from '@contract';
import { FormError } from '@/components/FormError';
import { TouchAnchor } from '@/components/TouchAnchor';
import { TintBadge } from '@/components/signed-in/TintBadge';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { toastSuccess } from '@/components/toasts';
import { upcomingAppointmentsQueryOptions } from '@/features/appointments';
import { clinicsQueryOptions, useClinicClocks, type ClinicRef } from '@/features/clinics';
import { visitListQueryOptions } from '@/features/visits';
import { clockOf, counted, formatDate, type ClinicClock } from '@/lib/intl';
import { useOutbox } from '@/lib/outbox';
import { startThread, unsentThreadOf } from '../api/changes';
import { threadsQueryOptions } from '../api/queries';
import { NewThreadSchema } from '../schemas';
import { ThreadView } from './ThreadView';
import { useHere } from '@/components/useHere';
import { TOUCH_TARGET } from '@/config/touch';
import { GrowingTextarea } from '@/components/GrowingTextarea';

type Schemas = components['schemas'];

const FAQ: readonly { question: string; answer: string }[] = [
  {
    question: 'I forgot my password. How do I reset it?',
    answer:
      'Thrive has no self-service password reset. Please contact the clinic by phone or e-mail (below): they check it is you and help you sign in again.',
  },
  {
    question: 'How do I move or cancel a booking?',
    answer:
      'Open Book a test, Intake call or In-clinic visits: a booking can be moved or cancelled there until 24 hours before it starts. After that, please call the clinic.',
  },
  {
    question: 'Does a message reach the clinic when I am offline?',
    answer:
      'Yes. It is kept on this phone, marked "Not yet sent", and sent once the connection returns. The clinic usually answers within one working day.',
  },
  {
    question: 'Where are my test results?',
    answer: 'Under Reports on your home screen, once the clinic has shared them with you.',
  },
];

/** What a message may be about: the client's coming appointments and signed visits, each dated on its clinic's clock. */
function aboutOptions(
  appointments: readonly Schemas['Appointment'][],
  visits: readonly Schemas['VisitSummary'][],
  clockOfVisit: (ref: ClinicRef) => ClinicClock,
): { value: string; label: string }[] {
  return [
    { value: '', label: 'Nothing in particular' },
    ...appointments.map((appointment) => ({
      value: `appointment:${appointment.id}`,
      label: `${appointment.service_name}, ${formatDate(appointment.starts_at, clockOf(appointment.time_zone))}`,
    })),
    ...visits.map((visit) => ({
      value: `visit:${visit.id}`,
      label: `${THERAPY_INFO[visit.therapy].title}, ${formatDate(visit.signed_at ?? visit.created_at, clockOfVisit({ id: visit.clinic_id }))}`,
    })),
  ];
}

function referenceOf(about: string): Schemas['SupportThreadCreate']['reference'] {
  const [kind, id] = about.split(':');
  if (kind === 'appointment' && id) return { appointment_id: id };
  if (kind === 'visit' && id) return { visit_id: id };
  return undefined;
}

function NewMessageForm({ clientId }: { clientId: string }) {
  const here = useHere();
  const appointments = useQuery(upcomingAppointmentsQueryOptions(clientId));
  const visits = useQuery(visitListQueryOptions({ client: clientId, state: 'signed', limit: 50 }));
  const clockOfVisit = useClinicClocks();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { subject: '', text: '', about: '' },
    validate: schemaResolver(NewThreadSchema, { sync: true }),
    validateInputOnBlur: true,
    transformValues: (values) => v.parse(NewThreadSchema, values),
  });

  async function send(values: v.InferOutput<typeof NewThreadSchema>): Promise<void> {
    setProblem(null);
    const reference = referenceOf(values.about);
    try {
      await startThread({ subject: values.subject, text: values.text, ...(reference ? { reference } : {}) }, here());
    } catch {
      setProblem('Your message could not be kept on this device. Please try again.');
      return;
    }
    form.reset();
    toastSuccess(
      navigator.onLine ? 'The clinic has your message.' : 'Kept on this phone: it is sent once you are online.',
      'Message written',
    );
  }

  return (
    <form noValidate aria-label="Write to the clinic" onSubmit={form.onSubmit((values) => void send(values))}>
      <Stack gap="sm">
        <FormError message={problem} onDismiss={() => setProblem(null)} />
        <TextInput size="md" label="Subject" required {...form.getInputProps('subject')} />
        <GrowingTextarea size="md" label="Message" required minRows={3} maxRows={10} {...form.getInputProps('text')} />
        <NativeSelect
          size="md"
          label="About (optional)"
          data={aboutOptions(appointments.data ?? [], visits.data?.results ?? [], clockOfVisit)}
          {...form.getInputProps('about')}
        />
        <Button type="submit" size="md" style={{ alignSelf: 'flex-start' }}>
          Send message
        </Button>
      </Stack>
    </form>
  );
}

function ThreadList() {
  const threads = useQuery(threadsQueryOptions({ limit: 50 }));
  const { items } = useOutbox();
  const [openId, setOpenId] = useState<string | null>(null);
  const onServer = threads.data?.results ?? [];
  const unsent = items
    .map(unsentThreadOf)
    .filter((thread) => thread !== null)
    .filter((thread) => !onServer.some((known) => known.id === thread.id));
  const rows = [
    ...unsent.map((thread) => ({
      id: thread.id,
      subject: thread.subject,
      line: 'Kept on this phone; it is sent once you are online.',
      sent: false,
      answered: false,
    })),
    ...onServer.map((thread) => ({
      id: thread.id,
      subject: thread.subject,
      line: `${thread.reference_label ? `${thread.reference_label} · ` : ''}${counted(thread.message_count, 'message', 'messages')}`,
      sent: true,
      answered: thread.status === 'answered',
    })),
  ];

  if (threads.isPending && threads.fetchStatus === 'paused' && rows.length === 0) {
    return <Text size="sm">You are offline. Your messages show once the connection returns.</Text>;
  }
  if (threads.isPending && rows.length === 0)
    return <Skeleton height={80} role="status" aria-label="Loading your messages" />;
  if (threads.isError && rows.length === 0) {
    return <QueryErrorAlert title="Your messages could not be loaded" query={threads} />;
  }
  if (rows.length === 0) return <Text size="sm">No messages yet. Write to the clinic above.</Text>;
  return (
    <Stack gap="sm">
      {rows.map((row) => (
        <Card key={row.id} withBorder radius="lg" padding="md" component="article" aria-labelledby={`thread-${row.id}`}>
          <Stack gap="xs">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Title order={3} size="h5" id={`thread-${row.id}`} style={{ overflowWrap: 'anywhere' }}>
                {row.subject}
              </Title>
              <TintBadge radius="sm" color={!row.sent ? 'orange' : row.answered ? 'teal' : 'gray'}>
                {!row.sent ? 'Not yet sent' : row.answered ? 'Answered' : 'Waiting for the clinic'}
              </TintBadge>
            </Group>
            <Text size="sm" c="dimmed">
              {row.line}
            </Text>
            <Button
              variant="subtle"
              onClick={() => setOpenId(openId === row.id ? null : row.id)}
              aria-expanded={openId === row.id}
              style={{ alignSelf: 'flex-start' }}
            >
              {openId === row.id ? 'Hide messages' : 'Show messages'}
            </Button>
            {openId === row.id && (
              <ThreadView threadId={row.id} subject={row.subject} side="client" onServer={row.sent} />
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

function Contacts() {
  const clinics = useQuery(clinicsQueryOptions());
  if (clinics.isError) {
    return (
      <QueryErrorAlert
        title="The clinics’ contacts could not be loaded"
        error={clinics.error}
        onRetry={() => void clinics.refetch()}
      />
    );
  }
  if (!clinics.data) return <Skeleton height={80} role="status" aria-label="Loading the clinics’ contacts" />;
  return (
    <Stack gap="sm">
      {clinics.data.results.map((clinic) => (
        <Card key={clinic.id} withBorder radius="lg" padding="md">
          <Stack gap={4}>
            <Text fw={700}>{clinic.name}</Text>
            {clinic.phone && (
              <TouchAnchor href={`tel:${clinic.phone}`} display="flex">
                Call {clinic.phone}
              </TouchAnchor>
            )}
            {clinic.email && (
              <TouchAnchor href={`mailto:${clinic.email}`} display="flex">
                E-mail {clinic.email}
              </TouchAnchor>
            )}
            {clinic.address && (
              <Text size="sm" c="dimmed">
                {clinic.address}
              </Text>
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * /user/support/{clientId}: a message to the clinic (through the outbox, so
 * offline too), the client's own threads with the clinic's answers, the
 * clinics' contacts and a short FAQ.
 */
export function SupportPage({ clientId }: { clientId: string }) {
  return (
    <Stack gap="lg">
      <Stack gap="sm" component="section" aria-labelledby="support-write">
        <Title order={2} size="h4" id="support-write">
          Write to the clinic
        </Title>
        <NewMessageForm clientId={clientId} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="support-threads">
        <Title order={2} size="h4" id="support-threads">
          Your messages
        </Title>
        <ThreadList />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="support-contacts">
        <Title order={2} size="h4" id="support-contacts">
          Contact the clinic
        </Title>
        <Contacts />
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="support-faq">
        <Title order={2} size="h4" id="support-faq">
          Questions
        </Title>
        {FAQ.map((item) => (
          <details key={item.question}>
            <summary style={{ minHeight: TOUCH_TARGET, paddingBlock: 10, cursor: 'pointer', fontWeight: 600 }}>
              {item.question}
            </summary>
            <Text size="sm" pb="sm">
              {item.answer}
            </Text>
          </details>
        ))}
      </Stack>
    </Stack>
  );
}
