/**
 * 'What to do next' on the client's home: a short list computed from the
 * client's state, each task gone once it is done.
 */
import { thriveCheckDue, type Appointment } from '@contract';

export type NextStepKey = 'onboarding' | 'thrive-check' | 'intake-call' | 'cognitive-baseline';

export interface NextStep {
  key: NextStepKey;
  title: string;
  why: string;
}

/**
 * The intake call is the client's first conversation with the clinic. The
 * demo catalog has no intake-call service yet, so the rule reads what the data
 * has: any consultation (doctor, health coach, nutritionist), booked or held,
 * counts. A future 'Intake call' service is a consultation too, so the rule
 * keeps working when one is added.
 */
export function isIntakeCall(appointment: Pick<Appointment, 'therapy_kind' | 'status'>): boolean {
  return (
    appointment.therapy_kind === 'consultation' &&
    appointment.status !== 'cancelled' &&
    appointment.status !== 'no_show'
  );
}

export interface JourneyState {
  onboarding: { done: number; total: number; complete: boolean };
  /** When the newest Thrive check was taken; null when never, undefined while not known. */
  lastThriveCheck: string | null | undefined;
  /** The client's appointments (cancelled and missed ones may be among them); null while not known. */
  appointments: readonly Pick<Appointment, 'therapy_kind' | 'status'>[] | null;
  /** Whether a cognitive baseline exists; null while not known. */
  hasBaseline: boolean | null;
}

function dateText(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long' });
}

/** The tasks still to do, in the order a new client meets them. What is not known yet is left out. */
export function nextSteps(state: JourneyState, now: Date): NextStep[] {
  const steps: NextStep[] = [];
  if (!state.onboarding.complete) {
    steps.push({
      key: 'onboarding',
      title: 'Finish your Thrive onboarding',
      why: `${state.onboarding.done} of ${state.onboarding.total} steps done. Your care team reads it before your first visit.`,
    });
  }
  if (state.appointments !== null && !state.appointments.some(isIntakeCall)) {
    steps.push({
      key: 'intake-call',
      title: 'Book your intake call',
      why: 'A first conversation with the clinic about your goals.',
    });
  }
  if (state.lastThriveCheck !== undefined && thriveCheckDue(state.lastThriveCheck, now)) {
    steps.push({
      key: 'thrive-check',
      title: 'Take your Thrive check',
      why: state.lastThriveCheck
        ? `Due every four weeks; your last one was on ${dateText(state.lastThriveCheck)}.`
        : 'Five questions about the last two weeks; about two minutes.',
    });
  }
  if (state.hasBaseline === false) {
    steps.push({
      key: 'cognitive-baseline',
      title: 'Set your cognitive baseline',
      why: 'Short memory and attention tasks, about 10 minutes; later runs are compared with it.',
    });
  }
  return steps;
}
