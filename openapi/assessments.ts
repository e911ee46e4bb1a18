/**
 * The client's assessments, each rule written once: the Thrive check (the
 * WHO-5 Well-Being Index), its score and what the score means, when it raises
 * an alert for staff and when it is due again; the cognitive tasks, their
 * materials and how each is scored; and the shared cardiovascular risk
 * result. The server checks and scores every result with these functions
 * (400 naming the item); the screens use the same ones to show a result taken
 * offline before the server has it.
 */
import { calculateCardiovascularRisk } from './cardiovascular-risk.ts';
import type {
  AssessmentCreate,
  CognitiveRun,
  CognitiveScores,
  DigitSpanTask,
  ReactionTask,
  SharedRiskInput,
  SharedRiskResult,
  TrailsTask,
  WordRecallTask,
} from './schema.gen.ts';

/** A problem with one item of a result, as a path into the body ('answers.5') and a sentence. */
export interface AssessmentProblem {
  field: string;
  message: string;
}

/* ------------------------------------------------------------ the Thrive check: WHO-5 */

/**
 * The WHO-5 Well-Being Index (1998 version), free to use with its
 * attribution shown. The five statements, each about the last two weeks.
 */
export const WHO5_ITEMS: readonly string[] = [
  'I have felt cheerful and in good spirits',
  'I have felt calm and relaxed',
  'I have felt active and vigorous',
  'I woke up feeling fresh and rested',
  'My daily life has been filled with things that interest me',
];

export const WHO5_PERIOD = 'Over the last two weeks';

/** The answers, from 5 (all of the time) down to 0 (at no time), as the questionnaire lists them. */
export const WHO5_ANSWERS: readonly { value: number; label: string }[] = [
  { value: 5, label: 'All of the time' },
  { value: 4, label: 'Most of the time' },
  { value: 3, label: 'More than half of the time' },
  { value: 2, label: 'Less than half of the time' },
  { value: 1, label: 'Some of the time' },
  { value: 0, label: 'At no time' },
];

export const WHO5_ATTRIBUTION =
  'WHO-5 Well-Being Index © Psychiatric Research Unit, WHO Collaborating Centre in Mental Health, Frederiksborg General Hospital. Free to use.';

export const WHO5_ANSWER_MIN = 0;
export const WHO5_ANSWER_MAX = 5;

/**
 * The guidance Thrive follows (Topp CW, Østergaard SD, Søndergaard S, Bech P.
 * The WHO-5 Well-Being Index: a systematic review of the literature.
 * Psychother Psychosom 2015;84:167-176, and the questionnaire's own sheet):
 * the score is the raw sum (0-25) times 4, from 0 (worst) to 100 (best); a
 * raw score below 13 (a score of 52 or less) suggests poor wellbeing and
 * screening for depression; 28 or less suggests likely depression; a change
 * of 10 points is a meaningful one.
 */
export const WHO5_POOR_WELLBEING_MAX = 52;
/** A score at or below this raises an alert for staff (see above). */
export const WHO5_ALERT_MAX = 28;
export const WHO5_MEANINGFUL_CHANGE = 10;
/** The Thrive check is due again this long after the last one. */
export const THRIVE_CHECK_INTERVAL_DAYS = 28;

/** Exactly five answers, each a whole number from 0 to 5; every item at fault is named. */
export function who5Problems(answers: readonly unknown[] | undefined): AssessmentProblem[] {
  if (answers === undefined) return [{ field: 'answers', message: 'Answer the five statements (0 to 5 each).' }];
  const problems: AssessmentProblem[] = [];
  WHO5_ITEMS.forEach((_item, index) => {
    const answer = answers[index];
    if (answer === undefined || answer === null) {
      problems.push({ field: `answers.${index}`, message: `Statement ${index + 1} is not answered.` });
    } else if (
      typeof answer !== 'number' ||
      !Number.isInteger(answer) ||
      answer < WHO5_ANSWER_MIN ||
      answer > WHO5_ANSWER_MAX
    ) {
      problems.push({
        field: `answers.${index}`,
        message: `Statement ${index + 1} takes a whole number from ${WHO5_ANSWER_MIN} to ${WHO5_ANSWER_MAX}.`,
      });
    }
  });
  for (let index = WHO5_ITEMS.length; index < answers.length; index++) {
    problems.push({
      field: `answers.${index}`,
      message: `The WHO-5 has ${WHO5_ITEMS.length} statements; this is one too many.`,
    });
  }
  return problems;
}

/** The raw score: the sum of the five answers (0 to 25). */
export function who5RawScore(answers: readonly number[]): number {
  return answers.slice(0, WHO5_ITEMS.length).reduce((sum, answer) => sum + answer, 0);
}

/** The score: the raw score times 4 (0 to 100). */
export function who5Score(answers: readonly number[]): number {
  return who5RawScore(answers) * 4;
}

/** Whether a score asks for staff's attention. */
export function who5Alert(score: number): boolean {
  return score <= WHO5_ALERT_MAX;
}

export type Who5Band = 'very-low' | 'low' | 'good';

export interface Who5Meaning {
  band: Who5Band;
  /** What the score says, in plain words, never a diagnosis. */
  summary: string;
  /** Whether the client is shown how to reach the clinic. */
  reachOut: boolean;
}

export function who5Meaning(score: number): Who5Meaning {
  if (score <= WHO5_ALERT_MAX) {
    return {
      band: 'very-low',
      summary:
        'Your answers say these two weeks have been very hard on your wellbeing. You do not have to carry this alone: please talk to the clinic soon. Your care team is shown this result, so they can reach out to you.',
      reachOut: true,
    };
  }
  if (score <= WHO5_POOR_WELLBEING_MAX) {
    return {
      band: 'low',
      summary:
        'Your answers say your wellbeing has been lower than it could be these two weeks. It is worth talking about with your care team at your next visit, or sooner if you like.',
      reachOut: true,
    };
  }
  return {
    band: 'good',
    summary: 'Your answers say your wellbeing has been good these two weeks. 100 is the highest score there is.',
    reachOut: false,
  };
}

export interface Who5Change {
  points: number;
  /** A change of 10 points or more, up or down. */
  meaningful: boolean;
}

/** How far a score moved from the previous one. */
export function who5Change(previous: number, current: number): Who5Change {
  const points = current - previous;
  return { points, meaningful: Math.abs(points) >= WHO5_MEANINGFUL_CHANGE };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether the Thrive check is due: never taken, or the last one 4 weeks ago or more. */
export function thriveCheckDue(lastTakenAt: string | null | undefined, now: Date): boolean {
  if (!lastTakenAt) return true;
  return now.getTime() - Date.parse(lastTakenAt) >= THRIVE_CHECK_INTERVAL_DAYS * DAY_MS;
}

/* ------------------------------------------------------------ the cognitive tasks */

/**
 * Thrive's own word lists: ten everyday nouns each, none from a published
 * screening test. A run uses one list; the next run the next list, so a list
 * is not learned.
 */
export const WORD_LISTS: Readonly<Record<WordRecallTask['list'], readonly string[]>> = {
  a: ['harbor', 'candle', 'pepper', 'blanket', 'saddle', 'lemon', 'ladder', 'violin', 'pencil', 'meadow'],
  b: ['basket', 'thunder', 'carrot', 'mirror', 'puppet', 'island', 'feather', 'kettle', 'cabin', 'orange'],
  c: ['rocket', 'garlic', 'lantern', 'pillow', 'canyon', 'button', 'walrus', 'teapot', 'marble', 'jacket'],
};
export const WORD_LIST_IDS = Object.keys(WORD_LISTS) as WordRecallTask['list'][];
/** How long each word shows while the list is learned. */
export const WORD_SHOW_MS = 2000;

/**
 * Digit span: sequences from 3 (forward) or 2 (backward) digits up to 9 or 8,
 * two at each length; the task stops when both of a length are wrong.
 */
export const DIGIT_SPAN = {
  forward: { first: 3, last: 9 },
  backward: { first: 2, last: 8 },
  trialsPerLength: 2,
  /** How long each digit shows. */
  digitMs: 1000,
} as const;

/** Trail making, adapted for touch: 12 targets each, numbers only, then numbers and letters in turn. */
export const TRAILS_TARGETS = {
  a: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'],
  b: ['1', 'A', '2', 'B', '3', 'C', '4', 'D', '5', 'E', '6', 'F'],
} as const;

/** Simple reaction time: 8 signals, each after a wait of 1 to 3 seconds; no tap within 2 seconds is a miss. */
export const REACTION = {
  trials: 8,
  minWaitMs: 1000,
  maxWaitMs: 3000,
  missAfterMs: 2000,
  /** A tap sooner than this after the signal cannot be a reaction to it. */
  anticipationMs: 100,
} as const;

export type SpanDirection = 'forward' | 'backward';

/** Whether a response repeats the digits (forward) or gives them in reverse (backward). */
export function spanCorrect(digits: string, response: string, direction: SpanDirection): boolean {
  const expected = direction === 'forward' ? digits : [...digits].reverse().join('');
  return response.replace(/\s/g, '') === expected;
}

/** The longest sequence repeated correctly (0 when none was). */
export function digitSpanScore(task: DigitSpanTask, direction: SpanDirection): number {
  return task.trials.reduce(
    (longest, trial) =>
      spanCorrect(trial.digits, trial.response, direction) ? Math.max(longest, trial.digits.length) : longest,
    0,
  );
}

/** A recalled word as it is compared: lower case, letters only. */
export function normaliseWord(word: string): string {
  return word
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z]/g, '');
}

export interface WordRecallScore {
  recalled: number;
  intrusions: number;
}

/** Words of the list recalled (each once), and distinct words that were not on it. */
export function wordRecallScore(list: WordRecallTask['list'], words: readonly string[]): WordRecallScore {
  const target = new Set(WORD_LISTS[list]);
  const said = new Set(words.map(normaliseWord).filter((word) => word !== ''));
  let recalled = 0;
  for (const word of said) if (target.has(word)) recalled += 1;
  return { recalled, intrusions: said.size - recalled };
}

export interface TrailsScore {
  /** Seconds from the targets appearing to the last one; null when not all were reached. */
  seconds: number | null;
  /** Taps on anything but the next target. */
  errors: number;
}

/** Walks the taps in order: each tap on the next target moves on, any other tap is an error. */
export function trailsScore(task: TrailsTask, part: keyof typeof TRAILS_TARGETS): TrailsScore {
  const targets: readonly string[] = TRAILS_TARGETS[part];
  let next = 0;
  let errors = 0;
  let reachedAt = 0;
  for (const tap of task.taps) {
    if (next < targets.length && tap.target === targets[next]) {
      next += 1;
      reachedAt = tap.at_ms;
    } else {
      errors += 1;
    }
  }
  return { seconds: next === targets.length ? Math.round(reachedAt / 100) / 10 : null, errors };
}

export interface ReactionScore {
  /** The median of the reactions (whole ms); null when there was none. */
  medianMs: number | null;
  anticipations: number;
  misses: number;
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Reactions are taps 100 ms or more after the signal; sooner, or before it, is an anticipation; none, a miss. */
export function reactionScore(task: ReactionTask): ReactionScore {
  const reactions: number[] = [];
  let anticipations = 0;
  let misses = 0;
  for (const trial of task.trials) {
    if (trial.early || (trial.rt_ms !== null && trial.rt_ms < REACTION.anticipationMs)) anticipations += 1;
    else if (trial.rt_ms === null) misses += 1;
    else reactions.push(trial.rt_ms);
  }
  const middle = median(reactions);
  return { medianMs: middle === null ? null : Math.round(middle), anticipations, misses };
}

/** Every task's score; null for a task not done. */
export function cognitiveScores(run: CognitiveRun): CognitiveScores {
  const immediate = run.word_recall ? wordRecallScore(run.word_recall.list, run.word_recall.immediate) : null;
  const delayed =
    run.word_recall?.delayed !== undefined && run.word_recall.delayed !== null
      ? wordRecallScore(run.word_recall.list, run.word_recall.delayed)
      : null;
  const trailsA = run.trails_a ? trailsScore(run.trails_a, 'a') : null;
  const trailsB = run.trails_b ? trailsScore(run.trails_b, 'b') : null;
  const reaction = run.reaction_time ? reactionScore(run.reaction_time) : null;
  return {
    digit_span_forward: run.digit_span_forward ? digitSpanScore(run.digit_span_forward, 'forward') : null,
    digit_span_backward: run.digit_span_backward ? digitSpanScore(run.digit_span_backward, 'backward') : null,
    words_immediate: immediate?.recalled ?? null,
    words_delayed: delayed?.recalled ?? null,
    word_intrusions: immediate || delayed ? (immediate?.intrusions ?? 0) + (delayed?.intrusions ?? 0) : null,
    trails_a_seconds: trailsA?.seconds ?? null,
    trails_a_errors: trailsA?.errors ?? null,
    trails_b_seconds: trailsB?.seconds ?? null,
    trails_b_errors: trailsB?.errors ?? null,
    reaction_median_ms: reaction?.medianMs ?? null,
    reaction_anticipations: reaction?.anticipations ?? null,
    reaction_misses: reaction?.misses ?? null,
  };
}

/** A run is complete when every task was done to the end (a baseline must be). */
export function cognitiveComplete(scores: CognitiveScores): boolean {
  return (
    scores.digit_span_forward !== null &&
    scores.digit_span_backward !== null &&
    scores.words_immediate !== null &&
    scores.words_delayed !== null &&
    scores.trails_a_seconds !== null &&
    scores.trails_b_seconds !== null &&
    scores.reaction_median_ms !== null
  );
}

/** What each score is called, and which way is better, for comparing a run with the baseline. */
export const COGNITIVE_MEASURES: readonly {
  key: keyof CognitiveScores;
  label: string;
  unit: string;
  better: 'higher' | 'lower';
}[] = [
  { key: 'digit_span_forward', label: 'Digits forward', unit: 'digits', better: 'higher' },
  { key: 'digit_span_backward', label: 'Digits backward', unit: 'digits', better: 'higher' },
  { key: 'words_immediate', label: 'Words remembered at once', unit: 'of 10', better: 'higher' },
  { key: 'words_delayed', label: 'Words remembered later', unit: 'of 10', better: 'higher' },
  { key: 'trails_a_seconds', label: 'Trail, numbers', unit: 's', better: 'lower' },
  { key: 'trails_b_seconds', label: 'Trail, numbers and letters', unit: 's', better: 'lower' },
  { key: 'reaction_median_ms', label: 'Reaction time', unit: 'ms', better: 'lower' },
];

function checkDigitSpan(task: DigitSpanTask | undefined, prefix: string, problems: AssessmentProblem[]): void {
  task?.trials.forEach((trial, index) => {
    if (!/^[0-9]*$/.test(trial.response)) {
      problems.push({ field: `${prefix}.trials.${index}.response`, message: 'A response holds digits only.' });
    }
  });
}

function checkTrails(
  task: TrailsTask | undefined,
  part: keyof typeof TRAILS_TARGETS,
  prefix: string,
  problems: AssessmentProblem[],
): void {
  if (!task) return;
  const targets: readonly string[] = TRAILS_TARGETS[part];
  let previous = 0;
  task.taps.forEach((tap, index) => {
    if (!targets.includes(tap.target)) {
      problems.push({
        field: `${prefix}.taps.${index}.target`,
        message: `Not a target of this part (${targets.join(', ')}).`,
      });
    }
    if (tap.at_ms < previous) {
      problems.push({ field: `${prefix}.taps.${index}.at_ms`, message: 'Taps come in the order they were made.' });
    }
    previous = Math.max(previous, tap.at_ms);
  });
}

/** What the contract's shapes cannot say about a run: digits only, real targets, taps in order, a known list. */
export function cognitiveProblems(run: CognitiveRun | undefined): AssessmentProblem[] {
  if (run === undefined) return [{ field: 'cognitive', message: 'Send the tasks’ records.' }];
  const problems: AssessmentProblem[] = [];
  const tasks = Object.keys(run);
  if (tasks.length === 0) problems.push({ field: 'cognitive', message: 'A run holds at least one task.' });
  checkDigitSpan(run.digit_span_forward, 'cognitive.digit_span_forward', problems);
  checkDigitSpan(run.digit_span_backward, 'cognitive.digit_span_backward', problems);
  checkTrails(run.trails_a, 'a', 'cognitive.trails_a', problems);
  checkTrails(run.trails_b, 'b', 'cognitive.trails_b', problems);
  run.reaction_time?.trials.forEach((trial, index) => {
    if (trial.early && trial.rt_ms !== null) {
      problems.push({
        field: `cognitive.reaction_time.trials.${index}.rt_ms`,
        message: 'A tap before the signal has no reaction time (null).',
      });
    }
  });
  return problems;
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
