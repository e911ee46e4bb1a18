/**
 * The Thrive check (the WHO-5 Well-Being Index): its items and answers, its
 * score and what the score means, when it raises an alert for staff and when
 * it is due again.
 */
import type { AssessmentProblem } from './assessments.ts';

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
