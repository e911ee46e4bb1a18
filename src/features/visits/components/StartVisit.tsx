import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconStethoscope } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { THERAPY_INFO, VISIT_THERAPIES, mayDoToClients, type Role } from '@contract';
import type { Appointment } from '@/features/appointments';
import { ButtonLink } from '@/components/RouterLinks';
import { toastFailure } from '@/components/toasts';
import { useOutbox } from '@/lib/outbox';
import { saveVisitDraft } from '../api/changes';
import { visitListQueryOptions } from '../api/queries';
import { newVisitDraft, type VisitDraft, type VisitTherapy } from '../model/draft';
import { visitRecordLink, visitScreenLink } from '../model/links';

/**
 * 'Start visit' from the client's page: the therapy chosen, the visit is made
 * on this device at once (its id too) and kept, online or not, and its screen
 * opens. Only the therapies the person's role charts are offered; none, no menu.
 */
export function StartVisitMenu({ clientId, clientName, role }: { clientId: string; clientName: string; role: Role }) {
  const start = useStartVisit();
  const therapies = VISIT_THERAPIES.filter((therapy) => mayDoToClients(role, 'visits.chart', therapy));
  if (therapies.length === 0) return null;
  return (
    <Menu position="bottom-start">
      <Menu.Target>
        <Button
          leftSection={<IconStethoscope size={18} aria-hidden />}
          rightSection={<IconChevronDown size={16} aria-hidden />}
        >
          Start visit
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {therapies.map((therapy) => (
          <Menu.Item key={therapy} onClick={() => void start(therapy, clientId, clientName, null)}>
            {THERAPY_INFO[therapy].name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Starts a visit on this device (kept at once, sent when it can be) and opens its screen. */
function useStartVisit() {
  const navigate = useNavigate();
  const router = useRouter();
  return async (therapy: VisitTherapy, clientId: string, clientName: string, appointmentId: string | null) => {
    const visitId = crypto.randomUUID();
    const screen = visitScreenLink(therapy, clientId, visitId);
    try {
      await saveVisitDraft({
        visitId,
        draft: newVisitDraft(therapy, clientId, appointmentId),
        version: null,
        before: null,
        clientName,
        link: router.buildLocation(screen).href,
      });
      await navigate(screen);
    } catch {
      toastFailure('The visit could not be started on this device. Please try again.', 'Not started');
    }
  };
}

const isTherapy = (kind: string): kind is VisitTherapy => (VISIT_THERAPIES as readonly string[]).includes(kind);

/**
 * On an appointment of a therapy: 'Start visit' (the visit is made on this
 * device at once, tied to the appointment, which the server then moves to in
 * progress), or 'Open visit' when it has one, here or on the server. A role
 * that does not chart the therapy opens the visit's record, and starts none.
 */
export function AppointmentVisitAction({ appointment, role }: { appointment: Appointment; role: Role }) {
  const start = useStartVisit();
  const therapy = appointment.therapy_kind;
  const charts = isTherapy(therapy) && mayDoToClients(role, 'visits.chart', therapy);
  const startable =
    charts && isTherapy(therapy) && ['checked_in', 'in_progress', 'booked'].includes(appointment.status);
  const onServer = useQuery({
    ...visitListQueryOptions({ appointment: appointment.id }),
    enabled: isTherapy(therapy),
  });
  const { items } = useOutbox();
  if (!isTherapy(therapy)) return null;
  const unsent = items.find(
    (item) =>
      item.record.startsWith('visit:') &&
      item.request.method === 'put' &&
      (item.request.body as VisitDraft).appointment_id === appointment.id,
  );
  const existing = onServer.data?.results[0]?.id ?? (unsent ? unsent.request.pathParams.id : undefined);
  if (existing) {
    const link = charts
      ? visitScreenLink(therapy, appointment.client_id, existing)
      : visitRecordLink(appointment.client_id, existing);
    return (
      <ButtonLink variant="light" {...link}>
        Open visit
      </ButtonLink>
    );
  }
  if (!startable) return null;
  return (
    <Button
      leftSection={<IconStethoscope size={18} aria-hidden />}
      onClick={() => void start(therapy, appointment.client_id, appointment.client_name, appointment.id)}
    >
      Start visit
    </Button>
  );
}
