/**
 * The client's assessments, each rule written once: the Thrive check
 * (thrive-check.ts), the cognitive tasks (cognitive.ts) and the shared
 * cardiovascular risk result. The server checks and scores every result with
 * these functions (400 naming the item); the screens use the same ones to show
 * a result taken offline before the server has it.
 */
import { calculateCardiovascularRisk } from './cardiovascular-risk.ts';
import { cognitiveProblems } from './cognitive.ts';
import { who5Problems } from './thrive-check.ts';
import type { AssessmentCreate, SharedRiskInput, SharedRiskResult } from '../schema.gen.ts';
import { CLOCK_TOLERANCE_MS } from '../time/clinic-time.ts';

/** A problem with one item of a result, as a path into the body ('answers.5') and a sentence. */
export interface AssessmentProblem {
  field: string;
  message: string;
}

/* ------------------------------------------------------------ the shared risk result */

export function sharedRiskResult(input: SharedRiskInput): SharedRiskResult {
  const result = calculateCardiovascularRisk(input);
  return { points: result.points, risk_percentage: result.riskPercentage, category: result.category };
}

/* ------------------------------------------------------------ when a result was taken */

/** How far back a result may be dated: one taken offline reaches the clinic well within this. */
export const RESULT_MAX_AGE_DAYS = 90;
const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * What is wrong with the date of a result (`taken_at`, when it was finished on
 * the device): later than now, before the client's account existed, or more
 * than RESULT_MAX_AGE_DAYS back. Empty when it is a possible date.
 */
export function takenAtProblems(takenAt: string, { now, accountCreatedAt }: { now: Date; accountCreatedAt: Date }) {
  const at = Date.parse(takenAt);
  const problem = (message: string): AssessmentProblem[] => [{ field: 'taken_at', message }];
  if (at > now.getTime() + CLOCK_TOLERANCE_MS) return problem('cannot be later than now');
  if (at < accountCreatedAt.getTime() - CLOCK_TOLERANCE_MS) {
    return problem('cannot be before the client’s account existed');
  }
  if (at < now.getTime() - RESULT_MAX_AGE_DAYS * DAY_MS) {
    return problem(`cannot be more than ${RESULT_MAX_AGE_DAYS} days ago`);
  }
  return [];
}

/**
 * What is wrong with the time staff say they reached out about a result (`contacted_at`): later than now
 * (beyond a drifting device clock), or before the result was taken. A contact's time is typed to the minute,
 * so one in the minute the result was taken is after it. Empty when it is a possible time.
 */
export function contactedAtProblems(
  contactedAt: string,
  { now, resultTakenAt }: { now: Date; resultTakenAt: Date },
): AssessmentProblem[] {
  const at = Date.parse(contactedAt);
  const problem = (message: string): AssessmentProblem[] => [{ field: 'contacted_at', message }];
  if (at > now.getTime() + CLOCK_TOLERANCE_MS) return problem('cannot be later than now');
  if (at < resultTakenAt.getTime() - (resultTakenAt.getTime() % MINUTE_MS)) {
    return problem('cannot be before the result was taken');
  }
  return [];
}

/* ------------------------------------------------------------ one result, checked */

const PARTS = ['answers', 'cognitive', 'cardiovascular_risk'] as const;
const PART_OF: Readonly<Record<AssessmentCreate['type'], (typeof PARTS)[number]>> = {
  who5: 'answers',
  cognitive: 'cognitive',
  cardiovascular_risk: 'cardiovascular_risk',
};

/**
 * Everything wrong with a result, each item named: the part its type needs
 * (and no other), checked by the rules above. Empty when it can be scored.
 */
export function assessmentProblems(body: AssessmentCreate): AssessmentProblem[] {
  const needed = PART_OF[body.type];
  const problems: AssessmentProblem[] = PARTS.filter((part) => part !== needed && body[part] !== undefined).map(
    (part) => ({ field: part, message: `A ${body.type} result has no ${part}.` }),
  );
  switch (body.type) {
    case 'who5':
      return [...problems, ...who5Problems(body.answers)];
    case 'cognitive':
      return [...problems, ...cognitiveProblems(body.cognitive)];
    case 'cardiovascular_risk':
      if (body.cardiovascular_risk === undefined) {
        problems.push({ field: 'cardiovascular_risk', message: 'Send the calculator’s inputs.' });
      } else if (body.cardiovascular_risk.hdl_cholesterol > body.cardiovascular_risk.total_cholesterol) {
        problems.push({
          field: 'cardiovascular_risk.hdl_cholesterol',
          message: 'HDL cholesterol cannot be higher than total cholesterol.',
        });
      }
      return problems;
  }
}
