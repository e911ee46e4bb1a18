import { ENROLLMENT_STATUSES, ENROLLMENT_STATUS_LABELS } from '@/features/enrollments';

/** The dashboard's status filter: each enrollment status, and every status at once. */
export const STATUS_OPTIONS = [
  ...ENROLLMENT_STATUSES.map((status) => ({ value: status, label: ENROLLMENT_STATUS_LABELS[status] })),
  { value: 'any', label: 'Any status' },
];
