import type { components } from '@contract';
import { enrollmentStatusValues, programValues } from '@contract';
import { formatDay } from '@/lib/intl';

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

/** 'From Wed 1 Jul 2026', or 'From Wed 1 Jul 2026 to Wed 30 Sep 2026' (dates of the calendar: no zone). */
export function periodOf(enrollment: Pick<Enrollment, 'start_date' | 'end_date'>): string {
  const start = `From ${formatDay(enrollment.start_date)}`;
  return enrollment.end_date ? `${start} to ${formatDay(enrollment.end_date)}` : start;
}
