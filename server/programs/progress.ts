/**
 * An enrollment's progress through its program, from the sessions counted in
 * the database: done against planned per therapy, the program week, and
 * whether the client is falling behind. Pure: dates are ISO days on the
 * client's clinic's calendar.
 */
import { VISIT_THERAPIES } from '@contract';
import type { EnrollmentStatus, VisitTherapy } from '@contract';

export interface PlannedSessions {
  therapy: VisitTherapy;
  planned: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from `from` to `to` (ISO dates); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The longest a client on plan goes between two sessions: the program's days over its sessions, rounded up. */
export function intervalDays(lengthWeeks: number, plannedTotal: number): number {
  return Math.max(1, Math.ceil((lengthWeeks * 7) / Math.max(1, plannedTotal)));
}

/** The plan in the order the therapies are always listed. */
export function inTherapyOrder<T extends { therapy: VisitTherapy }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => VISIT_THERAPIES.indexOf(a.therapy) - VISIT_THERAPIES.indexOf(b.therapy));
}

export interface ProgressInput {
  status: EnrollmentStatus;
  startDate: string;
  lengthWeeks: number;
  plan: readonly PlannedSessions[];
  /** Sessions counted per therapy, in the enrollment's span. */
  done: Readonly<Partial<Record<VisitTherapy, number>>>;
  /** The day of the last session counted, or null. */
  lastSessionDay: string | null;
  /** Today on the clinic's calendar. */
  today: string;
}

export interface Progress {
  week: number;
  sessions: { therapy: VisitTherapy; planned: number; done: number }[];
  plannedTotal: number;
  doneTotal: number;
  daysSinceLastSession: number | null;
  behind: boolean;
}

export function progressOf(input: ProgressInput): Progress {
  const sessions = inTherapyOrder(input.plan).map(({ therapy, planned }) => ({
    therapy,
    planned,
    done: input.done[therapy] ?? 0,
  }));
  const plannedTotal = sessions.reduce((sum, item) => sum + item.planned, 0);
  // Sessions beyond a therapy's plan do not make up for another therapy's.
  const doneTotal = sessions.reduce((sum, item) => sum + Math.min(item.done, item.planned), 0);
  const sinceStart = daysBetween(input.startDate, input.today);
  const started = sinceStart >= 0;
  const week = started ? Math.min(input.lengthWeeks, Math.floor(sinceStart / 7) + 1) : 0;
  const reference = input.lastSessionDay ?? input.startDate;
  const daysSinceLastSession = started ? Math.max(0, daysBetween(reference, input.today)) : null;
  const behind =
    input.status === 'active' &&
    started &&
    doneTotal < plannedTotal &&
    daysSinceLastSession !== null &&
    daysSinceLastSession > intervalDays(input.lengthWeeks, plannedTotal);
  return { week, sessions, plannedTotal, doneTotal, daysSinceLastSession, behind };
}
