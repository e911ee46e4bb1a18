/**
 * Changes to enrollments go through the outbox: kept on this device until the
 * server has them, sent in order per enrollment, shown at once. A new
 * enrollment gets its id here, so sending it twice can never enrol twice.
 */
import { outbox, type OutboxItem } from '@/lib/outbox';
import {
  PROGRAM_LABELS,
  STATUS_LABELS,
  type Enrollment,
  type EnrollmentCreate,
  type EnrollmentStatus,
} from '../model/labels';
import { enrollmentKeys } from './queries';

const COLLECTION = '/users/user-program-enrollments';
const ONE = '/users/user-program-enrollments/{id}';

/** The outbox's name for one enrollment. */
export function enrollmentRecord(id: string): string {
  return `enrollment:${id.toLowerCase()}`;
}

const FIELD_LABELS = { program: 'Program', status: 'Status', start_date: 'Start', end_date: 'End', notes: 'Notes' };

/** Enrols a client; the new enrollment's id is made here. */
export function enrollClient(
  fields: Omit<EnrollmentCreate, 'id' | 'user'>,
  { userId, clientName, link }: { userId: string; clientName: string; link: string },
): Promise<OutboxItem> {
  const id = crypto.randomUUID();
  return outbox().enqueue({
    record: enrollmentRecord(id),
    request: { method: 'post', path: COLLECTION, pathParams: {}, body: { id, user: userId, ...fields } },
    version: null,
    base: null,
    label: `${clientName}: enrol in ${PROGRAM_LABELS[fields.program]}`,
    fieldLabels: FIELD_LABELS,
    link,
    refresh: [enrollmentKeys.listsOf(userId)],
  });
}

/** Sets an enrollment's status, made from the version on screen (null: one not yet on the server). */
export function changeEnrollmentStatus(
  enrollment: Enrollment | UnsentEnrollment,
  status: EnrollmentStatus,
  { clientName, link }: { clientName: string; link: string },
): Promise<OutboxItem> {
  return outbox().enqueue({
    record: enrollmentRecord(enrollment.id),
    request: { method: 'patch', path: ONE, pathParams: { id: enrollment.id }, body: { status } },
    version: enrollment.version,
    base: { status: enrollment.status },
    label: `${clientName}: ${PROGRAM_LABELS[enrollment.program]} to ${STATUS_LABELS[status].toLowerCase()}`,
    fieldLabels: FIELD_LABELS,
    link,
    refresh: [enrollmentKeys.listsOf(enrollment.user)],
  });
}

export function removeEnrollment(
  enrollment: Enrollment | UnsentEnrollment,
  { clientName, link }: { clientName: string; link: string },
): Promise<OutboxItem> {
  return outbox().enqueue({
    record: enrollmentRecord(enrollment.id),
    request: { method: 'delete', path: ONE, pathParams: { id: enrollment.id } },
    version: null,
    base: null,
    label: `${clientName}: remove ${PROGRAM_LABELS[enrollment.program]}`,
    fieldLabels: FIELD_LABELS,
    link,
    refresh: [enrollmentKeys.listsOf(enrollment.user)],
  });
}

/** An enrollment made on this device that the server does not have yet. */
export type UnsentEnrollment = Omit<
  Enrollment,
  'version' | 'created_at' | 'updated_at' | 'created_by' | 'updated_by'
> & {
  version: null;
};

/** How a client's enrollments read with this person's unsent changes: new ones first, changes laid over, removals marked. */
export interface ShownEnrollment {
  enrollment: Enrollment | UnsentEnrollment;
  /** Not all of it is on the server yet. */
  unsent: boolean;
  /** A removal of it waits to be sent. */
  removing: boolean;
}

export function withUnsentEnrollments(
  server: readonly Enrollment[],
  items: readonly OutboxItem[],
  userId: string,
): ShownEnrollment[] {
  const created: UnsentEnrollment[] = items.flatMap((item) => {
    const body = item.request.body as Partial<EnrollmentCreate> | undefined;
    if (item.request.method !== 'post' || item.request.path !== COLLECTION || body?.user !== userId || !body.id) {
      return [];
    }
    if (server.some((enrollment) => enrollment.id === body.id)) return [];
    return [
      {
        id: body.id,
        user: userId,
        program: body.program ?? 'thrive_foundations',
        status: body.status ?? 'active',
        start_date: body.start_date ?? '',
        end_date: body.end_date ?? null,
        notes: body.notes ?? null,
        version: null,
      },
    ];
  });
  return [...created, ...server].map((enrollment) => {
    const own = items.filter((item) => item.record === enrollmentRecord(enrollment.id));
    // Status is the one field a change here sets.
    const status = own
      .filter((item) => item.request.method === 'patch')
      .map((item) => (item.request.body as { status?: EnrollmentStatus }).status)
      .filter((value): value is EnrollmentStatus => value !== undefined)
      .at(-1);
    const shown = status === undefined ? enrollment : { ...enrollment, status };
    return {
      enrollment: shown,
      unsent: own.length > 0,
      removing: own.some((item) => item.request.method === 'delete'),
    };
  });
}
