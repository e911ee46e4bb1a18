import { Badge, Button, Card, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { mayWriteField, type Role } from '@contract';
import { NotShown, withheld } from '@/components/signed-in/NotShown';
import { toastFailure, toastSuccess } from '@/components/toasts';
import { useOutbox } from '@/lib/outbox';
import {
  changeEnrollmentStatus,
  removeEnrollment,
  withUnsentEnrollments,
  type ShownEnrollment,
  type UnsentEnrollment,
} from '../api/changes';
import { ENROLLMENT_PAGE_SIZE, enrollmentListQueryOptions } from '../api/queries';
import { ENROLLMENT_NOT_KEPT, enrollmentFailureMessage } from '../model/errors';
import {
  ENROLLMENT_STATUSES,
  PROGRAM_LABELS,
  STATUS_COLORS,
  STATUS_LABELS,
  periodOf,
  type Enrollment,
  type EnrollmentStatus,
} from '../model/labels';
import { EnrollDialog } from './EnrollDialog';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useHere } from '@/components/useHere';

const STATUS_OPTIONS = ENROLLMENT_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));

function isStatus(value: string): value is EnrollmentStatus {
  return (ENROLLMENT_STATUSES as readonly string[]).includes(value);
}

function EnrollmentItem({
  shown: { enrollment, unsent, removing },
  clientName,
  onRemove,
}: {
  shown: ShownEnrollment;
  clientName: string;
  onRemove: (enrollment: Enrollment | UnsentEnrollment) => void;
}) {
  // The care team's notes are left out for a role that does not read them (ADMIN).
  const notesShown = !withheld(enrollment, 'notes');
  const here = useHere();
  const program = PROGRAM_LABELS[enrollment.program];

  function changeStatus(value: string): void {
    if (!isStatus(value) || value === enrollment.status) return;
    changeEnrollmentStatus(enrollment, value, { clientName, link: here() }).then(
      () => toastSuccess(`${program} is now ${STATUS_LABELS[value].toLowerCase()}.`, 'Status changed'),
      () => toastFailure(ENROLLMENT_NOT_KEPT, 'Status not changed'),
    );
  }

  return (
    <Card component="li" withBorder radius="md" padding="md" aria-label={program}>
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Stack gap={4} style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={700}>{program}</Text>
            <Badge color={STATUS_COLORS[enrollment.status]} variant="light">
              {STATUS_LABELS[enrollment.status]}
            </Badge>
            {unsent && (
              <Badge color="blue" variant="outline">
                {removing ? 'Being removed' : 'Not yet on the server'}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {periodOf(enrollment)}
          </Text>
          {notesShown && enrollment.notes && (
            <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {enrollment.notes}
            </Text>
          )}
          {!notesShown && (
            <Text size="sm">
              Notes: <NotShown />
            </Text>
          )}
        </Stack>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NativeSelect
            size="md"
            label="Status"
            aria-label={`Status of ${program}`}
            data={STATUS_OPTIONS}
            value={enrollment.status}
            disabled={removing}
            onChange={(event) => changeStatus(event.currentTarget.value)}
            miw={150}
          />
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={18} aria-hidden />}
            onClick={() => onRemove(enrollment)}
            disabled={removing}
            aria-label={`Remove ${program}`}
          >
            Remove
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

function RemoveDialog({
  enrollment,
  clientName,
  onClose,
}: {
  enrollment: Enrollment | UnsentEnrollment | null;
  clientName: string;
  onClose: () => void;
}) {
  const here = useHere();
  const program = enrollment ? PROGRAM_LABELS[enrollment.program] : '';

  function confirm(): void {
    if (!enrollment) return;
    removeEnrollment(enrollment, { clientName, link: here() }).then(
      () => toastSuccess(`${clientName} is no longer enrolled in ${program}.`, 'Enrollment removed'),
      () => toastFailure(ENROLLMENT_NOT_KEPT, 'Not removed'),
    );
    onClose();
  }

  return (
    <ConfirmDialog
      opened={enrollment !== null}
      title="Remove this enrollment?"
      keepLabel="Keep it"
      actLabel="Remove enrollment"
      onKeep={onClose}
      onAct={confirm}
    >
      {`Remove the ${program} enrollment of ${clientName}? Its dates and notes are deleted; to keep a record, set its status to Cancelled or Completed instead.`}
    </ConfirmDialog>
  );
}

function EnrollmentList({
  userId,
  clientName,
  page,
  onPage,
}: {
  userId: string;
  clientName: string;
  page: number;
  onPage: (page: number) => void;
}) {
  const query = useQuery(enrollmentListQueryOptions(userId, page));
  const { items } = useOutbox();
  const [removing, setRemoving] = useState<Enrollment | UnsentEnrollment | null>(null);

  if (query.isPending) {
    if (query.fetchStatus === 'paused') {
      return <Text c="dimmed">You are offline. Enrollments show once the network is back.</Text>;
    }
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading enrollments…</Text>
      </Group>
    );
  }
  if (query.isError) {
    return (
      <QueryErrorAlert
        title="The enrollments could not be loaded"
        query={query}
        message={enrollmentFailureMessage(query.error)}
      />
    );
  }

  const { results, count, previous, next } = query.data;
  const shown = withUnsentEnrollments(results, items, userId);
  if (shown.length === 0) return <Text c="dimmed">{clientName} is not enrolled in any program yet.</Text>;
  const first = (page - 1) * ENROLLMENT_PAGE_SIZE + 1;

  return (
    <Stack gap="sm">
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Enrollments">
        {shown.map((entry) => (
          <EnrollmentItem key={entry.enrollment.id} shown={entry} clientName={clientName} onRemove={setRemoving} />
        ))}
      </Stack>
      {(previous != null || next != null) && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {first}–{first + results.length - 1} of {count}
          </Text>
          <Group gap="sm">
            <Button variant="default" disabled={previous == null} onClick={() => previous != null && onPage(previous)}>
              Previous
            </Button>
            <Button variant="default" disabled={next == null} onClick={() => next != null && onPage(next)}>
              Next
            </Button>
          </Group>
        </Group>
      )}
      <RemoveDialog enrollment={removing} clientName={clientName} onClose={() => setRemoving(null)} />
    </Stack>
  );
}

/**
 * A client's program enrollments: list, enroll, change status, remove.
 * Staff, ADMIN and SUPER_ADMIN may; the server decides (only clients are enrolled).
 */
export function EnrollmentsPanel({
  userId,
  clientName,
  viewerRole,
}: {
  userId: string;
  clientName: string;
  /** Whose notes field the dialog offers: only a role that writes an enrollment's notes. */
  viewerRole: Role;
}) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const [enrolling, setEnrolling] = useState(false);

  return (
    <Card component="section" aria-labelledby={headingId} withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={2} size="h4" id={headingId}>
            Program enrollments
          </Title>
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEnrolling(true)}>
            Enroll in a program
          </Button>
        </Group>
        <EnrollmentList userId={userId} clientName={clientName} page={page} onPage={setPage} />
      </Stack>
      <EnrollDialog
        withNotes={mayWriteField(viewerRole, 'enrollment', 'notes')}
        userId={userId}
        clientName={clientName}
        opened={enrolling}
        onClose={() => {
          setEnrolling(false);
          setPage(1);
        }}
      />
    </Card>
  );
}
