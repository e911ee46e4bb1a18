import type { components } from '@contract';
import { enrollmentStatusValues, programValues } from '@contract';

export type Enrollment = components['schemas']['Enrollment'];
export type EnrollmentCreate = components['schemas']['EnrollmentCreate'];
export type Program = components['schemas']['Program'];
export type EnrollmentStatus = components['schemas']['EnrollmentStatus'];

export const PROGRAMS = programValues;
export const ENROLLMENT_STATUSES = enrollmentStatusValues;

/** The clinic's programs by their names. */
export const PROGRAM_LABELS: Readonly<Record<Program, string>> = {
  thrive_foundations: 'Thrive Foundations',
  metabolic_reset: 'Metabolic Reset',
  longevity: 'Longevity',
  cognitive_performance: 'Cognitive Performance',
  iv_wellness: 'IV Wellness',
  hbot_recovery: 'HBOT Recovery',
};

export const STATUS_LABELS: Readonly<Record<EnrollmentStatus, string>> = {
  pending: 'Pending',
  active: 'Active',
  paused: 'Paused',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** Badge colours: what is under way stands out, what is over recedes. */
export const STATUS_COLORS: Readonly<Record<EnrollmentStatus, string>> = {
  pending: 'yellow',
  active: 'thrive',
  paused: 'orange',
  completed: 'gray',
  cancelled: 'red',
};

/** '2026-07-01' as '1 Jul 2026' in the reader's language; a malformed date as it is. */
export function formatDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** 'From 1 Jul 2026', or 'From 1 Jul 2026 to 30 Sep 2026'. */
export function periodOf(enrollment: Pick<Enrollment, 'start_date' | 'end_date'>): string {
  const start = `From ${formatDate(enrollment.start_date)}`;
  return enrollment.end_date ? `${start} to ${formatDate(enrollment.end_date)}` : start;
}
