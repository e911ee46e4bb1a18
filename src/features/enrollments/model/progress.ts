/** A client's progress in a program, in words, numbers and colours: the dashboard's, the client page's. */
import { THERAPY_INFO, type components } from '@contract';
import { counted } from '@/lib/intl';

type Schemas = components['schemas'];
export type EnrollmentProgress = Schemas['EnrollmentProgress'];
export type ProgramOverview = Schemas['ProgramOverview'];
export type Therapy = Schemas['VisitTherapy'];

/** Short therapy names for tight places (chips, chart legend). */
export const THERAPY_SHORT: Readonly<Record<Therapy, string>> = {
  iv: 'IV',
  hbot: 'HBOT',
  pet: 'PEMF',
  red_light: 'Red light',
  fir: 'FIR sauna',
};

export function therapyName(therapy: Therapy): string {
  return THERAPY_INFO[therapy].name;
}

/** Chart colours per therapy: distinct hues, each dark enough against white (3:1 for graphics). */
export const THERAPY_COLORS: Readonly<Record<Therapy, string>> = {
  iv: 'var(--mantine-color-blue-7)',
  hbot: 'var(--mantine-color-teal-8)',
  pet: 'var(--mantine-color-grape-7)',
  red_light: 'var(--mantine-color-red-8)',
  fir: 'var(--mantine-color-orange-8)',
};

/** Share of the plan done, in whole percent (0 when nothing is planned). */
export function percentDone(progress: Pick<EnrollmentProgress, 'done_total' | 'planned_total'>): number {
  return progress.planned_total === 0 ? 0 : Math.round((100 * progress.done_total) / progress.planned_total);
}

/** "3 of 8 sessions" */
export function sessionsText(progress: Pick<EnrollmentProgress, 'done_total' | 'planned_total'>): string {
  return `${progress.done_total} of ${progress.planned_total} sessions`;
}

/** Why a client is flagged: "No session for 15 days", or since the start when none yet. */
export function behindText(progress: Pick<EnrollmentProgress, 'days_since_last_session' | 'last_session_at'>): string {
  const days = progress.days_since_last_session ?? 0;
  const span = counted(days, 'day', 'days');
  return progress.last_session_at === null ? `No session in the ${span} since the start` : `No session for ${span}`;
}
