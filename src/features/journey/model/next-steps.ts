/**
 * 'What to do next' on the client's home: a short list computed from the
 * client's state, each task gone once it is done.
 */
import { hasIntakeCall, thriveCheckDue, type Appointment } from '@contract';
import { formatDate, type ClinicClock } from '@/lib/intl';

export type NextStepKey = 'onboarding' | 'thrive-check' | 'intake-call' | 'cognitive-baseline';

export interface NextStep {
  key: NextStepKey;
  title: string;
  why: string;
}

export interface JourneyState {
  onboarding: { done: number; total: number; complete: boolean };
  /** When the newest Thrive check was taken; null when never, undefined while not known. */
  lastThriveCheck: string | null | undefined;
  /** The client's appointments (cancelled and missed ones may be among them); null while not known. */
  appointments: readonly Pick<Appointment, 'service_name' | 'therapy_kind' | 'status'>[] | null;
  /** Whether a cognitive baseline exists; null while not known. */
  hasBaseline: boolean | null;
}

/** The tasks still to do, in the order a new client meets them, dated on the clinic's clock. What is not known yet is left out. */
export function nextSteps(state: JourneyState, now: Date, clock: ClinicClock): NextStep[] {
  const steps: NextStep[] = [];
  if (!state.onboarding.complete) {
    steps.push({
      key: 'onboarding',
      title: 'Finish your Thrive onboarding',
      why: `${state.onboarding.done} of ${state.onboarding.total} steps done. Your care team reads it before your first visit.`,
    });
  }
  if (state.appointments !== null && !hasIntakeCall(state.appointments)) {
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
        ? `Due every four weeks; your last one was on ${formatDate(state.lastThriveCheck, clock)}.`
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
