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
