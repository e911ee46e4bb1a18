/**
 * The demo's assessment results, written with the demo week (so their dates
 * move with it): client2@ has Thrive checks over five months, the last one
 * four weeks back so a new one is due, and a cognitive baseline; one generated
 * client took a low Thrive check three days ago, so the hub's 'Needs
 * attention' lists them. Scores are computed with the contract's own rules,
 * as the server would.
 */
import { TRAILS_TARGETS, cognitiveComplete, cognitiveScores, who5Alert, who5RawScore, who5Score } from '@contract';
import type { CognitiveRun } from '@contract';
import type { Queryable } from '../../server/db/database.ts';
import type { DemoAccount } from './accounts.ts';
import { stableUuid } from './stable-id.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The generated client whose low Thrive check the hub shows (client-0012@thrive.test, who gave consent). */
export const LOW_WELLBEING_CLIENT = 11;

export interface PlannedAssessment {
  id: string;
  client_id: string;
  type: 'who5' | 'cognitive';
  taken_at: string;
  created_by: string;
  answers: number[] | null;
  raw_score: number | null;
  score: number | null;
  alert: boolean;
  record: CognitiveRun | null;
  scores: ReturnType<typeof cognitiveScores> | null;
  complete: boolean;
  baseline: boolean;
}

/** client2@'s checks, oldest first: days before today and the five answers. The last rise is one of 12 points. */
const FEATURED_CHECKS: readonly [daysAgo: number, answers: number[]][] = [
  [140, [3, 3, 2, 3, 3]],
  [112, [3, 2, 2, 3, 3]],
  [84, [3, 3, 3, 3, 3]],
  [56, [4, 3, 3, 3, 4]],
  [29, [4, 4, 4, 4, 4]],
];

/** The generated client whose newest check needs attention: a fair one six weeks ago, a very low one now. */
const LOW_CHECKS: readonly [daysAgo: number, answers: number[]][] = [
  [44, [3, 2, 2, 2, 3]],
  [3, [1, 1, 0, 1, 1]],
];

/** A baseline run as a person of about fifty might do it: the raw records the device would send. */
export const DEMO_BASELINE_RUN: CognitiveRun = {
  word_recall: {
    list: 'a',
    immediate: ['harbor', 'candle', 'lemon', 'ladder', 'violin', 'meadow', 'pepper', 'garden'],
    delayed: ['harbor', 'candle', 'lemon', 'violin', 'meadow', 'pencil'],
    delay_ms: 372_000,
  },
  digit_span_forward: {
    trials: [
      { digits: '582', response: '582', response_ms: 2100 },
      { digits: '694', response: '694', response_ms: 1900 },
      { digits: '4179', response: '4179', response_ms: 2600 },
      { digits: '8352', response: '8325', response_ms: 3100 },
      { digits: '63958', response: '63958', response_ms: 3300 },
      { digits: '27461', response: '27461', response_ms: 3500 },
      { digits: '839174', response: '839174', response_ms: 4200 },
      { digits: '514296', response: '514926', response_ms: 4800 },
      { digits: '7285163', response: '7281563', response_ms: 5600 },
      { digits: '3916452', response: '391645', response_ms: 5900 },
    ],
  },
  digit_span_backward: {
    trials: [
      { digits: '47', response: '74', response_ms: 1800 },
      { digits: '92', response: '29', response_ms: 1700 },
      { digits: '381', response: '183', response_ms: 2900 },
      { digits: '627', response: '726', response_ms: 3000 },
      { digits: '5184', response: '4815', response_ms: 4400 },
      { digits: '2963', response: '3692', response_ms: 4700 },
      { digits: '74185', response: '58174', response_ms: 6100 },
      { digits: '39526', response: '62953', response_ms: 6500 },
    ],
  },
  trails_a: { taps: TRAILS_TARGETS.a.map((target, index) => ({ target, at_ms: 1550 * (index + 1) + 40 * index })) },
  trails_b: {
    taps: [
      ...TRAILS_TARGETS.b.slice(0, 5).map((target, index) => ({ target, at_ms: 2600 * (index + 1) })),
      { target: '4', at_ms: 14_300 },
      ...TRAILS_TARGETS.b.slice(5).map((target, index) => ({ target, at_ms: 2600 * (index + 6) + 1200 })),
    ],
  },
  reaction_time: {
    trials: [
      { wait_ms: 1800, rt_ms: 312, early: false },
      { wait_ms: 2600, rt_ms: 287, early: false },
      { wait_ms: 1200, rt_ms: 341, early: false },
      { wait_ms: 2900, rt_ms: null, early: true },
      { wait_ms: 1500, rt_ms: 296, early: false },
      { wait_ms: 2200, rt_ms: 305, early: false },
      { wait_ms: 1100, rt_ms: 329, early: false },
      { wait_ms: 2400, rt_ms: 278, early: false },
    ],
  },
};

function who5(client: DemoAccount, n: number, daysAgo: number, answers: number[], now: Date): PlannedAssessment {
  return plannedWho5(client, `who5:${n}`, new Date(now.getTime() - daysAgo * DAY_MS), answers);
}

/** A Thrive check `client` took at `takenAt`, scored as the server scores it; `key` makes its id stable. */
export function plannedWho5(client: DemoAccount, key: string, takenAt: Date, answers: number[]): PlannedAssessment {
  const score = who5Score(answers);
  return {
    id: stableUuid(`thrive-demo-assessment:${client.id}:${key}`),
    client_id: client.id,
    type: 'who5',
    taken_at: takenAt.toISOString(),
    created_by: client.id,
    answers,
    raw_score: who5RawScore(answers),
    score,
    alert: who5Alert(score),
    record: null,
    scores: null,
    complete: true,
    baseline: false,
  };
}

/** The demo's results, dated back from `now`. */
export function planDemoAssessments(now: Date, featured: DemoAccount, low: DemoAccount): PlannedAssessment[] {
  const scores = cognitiveScores(DEMO_BASELINE_RUN);
  return [
    ...FEATURED_CHECKS.map(([daysAgo, answers], n) => who5(featured, n, daysAgo, answers, now)),
    ...LOW_CHECKS.map(([daysAgo, answers], n) => who5(low, n, daysAgo, answers, now)),
    {
      id: stableUuid(`thrive-demo-assessment:${featured.id}:cognitive:0`),
      client_id: featured.id,
      type: 'cognitive',
      taken_at: new Date(now.getTime() - 70 * DAY_MS).toISOString(),
      created_by: featured.id,
      answers: null,
      raw_score: null,
      score: null,
      alert: false,
      record: DEMO_BASELINE_RUN,
      scores,
      complete: cognitiveComplete(scores),
      baseline: cognitiveComplete(scores),
    },
  ];
}

/**
 * Replaces the demo's own results (by their ids) with `planned`. A client who
 * set a baseline of their own keeps it: the demo's run is then not one.
 */
export async function writeDemoAssessments(tx: Queryable, planned: readonly PlannedAssessment[]): Promise<number> {
  const ids = planned.map((item) => item.id);
  await tx.query(`DELETE FROM assessments WHERE id IN (SELECT value::uuid FROM jsonb_array_elements_text($1::jsonb))`, [
    JSON.stringify(ids),
  ]);
  const written = await tx.query(
    `INSERT INTO assessments (id, client_id, type, taken_at, created_at, created_by, answers, raw_score, score, alert,
                              record, scores, complete, baseline)
     SELECT x.id, x.client_id, x.type, x.taken_at, x.taken_at, x.created_by, x.answers, x.raw_score, x.score, x.alert,
            x.record, x.scores, x.complete,
            x.baseline AND NOT EXISTS (SELECT 1 FROM assessments b WHERE b.client_id = x.client_id AND b.baseline)
     FROM jsonb_to_recordset($1::jsonb) AS x(
       id uuid, client_id uuid, type text, taken_at timestamptz, created_by text, answers jsonb, raw_score integer,
       score integer, alert boolean, record jsonb, scores jsonb, complete boolean, baseline boolean)
     WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = x.client_id)
     ON CONFLICT DO NOTHING RETURNING id`,
    [JSON.stringify(planned)],
  );
  return written.length;
}
