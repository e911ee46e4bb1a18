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
/** Device clocks drift: a result dated this far ahead of the server's clock (or before the account) is taken as it is. */
const DEVICE_CLOCK_TOLERANCE_MS = 10 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What is wrong with the date of a result (`taken_at`, when it was finished on
 * the device): later than now, before the client's account existed, or more
 * than RESULT_MAX_AGE_DAYS back. Empty when it is a possible date.
 */
export function takenAtProblems(takenAt: string, { now, accountCreatedAt }: { now: Date; accountCreatedAt: Date }) {
  const at = Date.parse(takenAt);
  const problem = (message: string): AssessmentProblem[] => [{ field: 'taken_at', message }];
  if (at > now.getTime() + DEVICE_CLOCK_TOLERANCE_MS) return problem('cannot be later than now');
  if (at < accountCreatedAt.getTime() - DEVICE_CLOCK_TOLERANCE_MS) {
    return problem('cannot be before the client’s account existed');
  }
  if (at < now.getTime() - RESULT_MAX_AGE_DAYS * DAY_MS) {
    return problem(`cannot be more than ${RESULT_MAX_AGE_DAYS} days ago`);
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
