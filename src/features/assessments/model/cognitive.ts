/**
 * How the cognitive tasks run on the device: which digits come next, which
 * word list a run uses, where the trail's targets sit. Scoring is the
 * contract's (openapi/assessments/), the same on the device and the server.
 */
import {
  DIGIT_SPAN,
  WORD_LIST_IDS,
  spanCorrect,
  type Assessment,
  type DigitSpanTrial,
  type SpanDirection,
  type WordRecallTask,
} from '@contract';

/**
 * The length of the next sequence, or null when the task is over: two at
 * each length from the first, one longer after a length with any right, and
 * over when both at a length are wrong or the longest is done.
 */
export function nextSpanLength(direction: SpanDirection, trials: readonly DigitSpanTrial[]): number | null {
  const { first, last } = DIGIT_SPAN[direction];
  if (trials.length === 0) return first;
  const length = trials[trials.length - 1]!.digits.length;
  const atLength = trials.filter((trial) => trial.digits.length === length);
  if (atLength.length < DIGIT_SPAN.trialsPerLength) return length;
  if (atLength.every((trial) => !spanCorrect(trial.digits, trial.response, direction))) return null;
  return length < last ? length + 1 : null;
}

/** Random digits with no digit twice in a row (a repeat is hard to see as two). */
export function randomDigits(length: number, random: () => number = Math.random): string {
  let digits = '';
  while (digits.length < length) {
    const digit = String(Math.floor(random() * 10));
    if (digit !== digits.at(-1)) digits += digit;
  }
  return digits;
}

/** The list after the one the last run used, so no list is learned by heart. */
export function nextWordList(runs: readonly Pick<Assessment, 'cognitive' | 'taken_at'>[]): WordRecallTask['list'] {
  const last = [...runs]
    .sort((a, b) => Date.parse(b.taken_at) - Date.parse(a.taken_at))
    .find((run) => run.cognitive?.word_recall)?.cognitive?.word_recall?.list;
  if (!last) return WORD_LIST_IDS[0]!;
  return WORD_LIST_IDS[(WORD_LIST_IDS.indexOf(last) + 1) % WORD_LIST_IDS.length]!;
}

/** Words as typed: split at spaces and commas, blanks left out. */
export function wordsOf(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((word) => word.trim())
    .filter((word) => word !== '');
}

export interface TargetSpot {
  label: string;
  /** Centre, in percent of the board. */
  left: number;
  top: number;
}

const COLUMNS = 4;
const ROWS = 6;

/**
 * Where the targets sit: each in its own cell of a 4 x 6 grid (so no two
 * overlap and each stays a large target), cells and the spot within them
 * chosen at random. Listed in reading order, which is also the Tab order, so
 * the keyboard gives no hint of the sequence.
 */
export function layTargets(labels: readonly string[], random: () => number = Math.random): TargetSpot[] {
  const cells = Array.from({ length: COLUMNS * ROWS }, (_, index) => index);
  for (let i = cells.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [cells[i], cells[j]] = [cells[j]!, cells[i]!];
  }
  return labels
    .map((label, index) => {
      const cell = cells[index]!;
      const column = cell % COLUMNS;
      const row = Math.floor(cell / COLUMNS);
      const jitter = () => (random() - 0.5) * 0.3;
      return {
        label,
        left: ((column + 0.5 + jitter()) / COLUMNS) * 100,
        top: ((row + 0.5 + jitter()) / ROWS) * 100,
      };
    })
    .sort((a, b) => Math.round(a.top) - Math.round(b.top) || a.left - b.left);
}

/** A wait before the next reaction signal, from `min` to `max` ms. */
export function waitBefore(min: number, max: number, random: () => number = Math.random): number {
  return Math.round(min + random() * (max - min));
}
