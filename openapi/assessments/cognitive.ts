/** The cognitive tasks: their materials, how each is scored, and the checks of a run. */
import type {
  CognitiveRun,
  CognitiveScores,
  DigitSpanTask,
  ReactionTask,
  TrailsTask,
  WordRecallTask,
} from '../schema.gen.ts';
import type { AssessmentProblem } from './assessments.ts';

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
