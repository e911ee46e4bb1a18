import { describe, expect, it } from 'vitest';
import {
  TRAILS_TARGETS,
  WORD_LISTS,
  assessmentProblems,
  cognitiveComplete,
  cognitiveProblems,
  cognitiveScores,
  digitSpanScore,
  reactionScore,
  sharedRiskResult,
  takenAtProblems,
  thriveCheckDue,
  trailsScore,
  who5Alert,
  who5Change,
  who5Meaning,
  who5Problems,
  who5RawScore,
  who5Score,
  wordRecallScore,
} from '../index.ts';
import type { CognitiveRun, TrailsTask } from '../schema.gen.ts';

describe('the WHO-5 score', () => {
  it('is the raw sum times 4, from 0 to 100', () => {
    expect(who5Score([5, 5, 5, 5, 5])).toBe(100);
    expect(who5Score([0, 0, 0, 0, 0])).toBe(0);
    expect(who5RawScore([3, 2, 4, 1, 2])).toBe(12);
    expect(who5Score([3, 2, 4, 1, 2])).toBe(48);
  });

  it('takes exactly five whole answers from 0 to 5, naming every item at fault', () => {
    expect(who5Problems([0, 1, 2, 3, 4])).toEqual([]);
    expect(who5Problems([0, 1, 6, 3, 4]).map((problem) => problem.field)).toEqual(['answers.2']);
    expect(who5Problems([0, 1, 2, 3]).map((problem) => problem.field)).toEqual(['answers.4']);
    expect(who5Problems([0, 1, 2, 3, 4, 5]).map((problem) => problem.field)).toEqual(['answers.5']);
    expect(who5Problems([-1, 1.5, 2, 3, 4]).map((problem) => problem.field)).toEqual(['answers.0', 'answers.1']);
    expect(who5Problems(undefined).map((problem) => problem.field)).toEqual(['answers']);
  });
});

describe('the WHO-5 alert rule and meaning', () => {
  it('alerts staff at 28 or below, and not above', () => {
    expect(who5Alert(28)).toBe(true);
    expect(who5Alert(0)).toBe(true);
    expect(who5Alert(32)).toBe(false);
    expect(who5Alert(100)).toBe(false);
  });

  it('tells very low, low (52 or less) and good apart, and asks the client to reach out below 53', () => {
    expect(who5Meaning(28)).toMatchObject({ band: 'very-low', reachOut: true });
    expect(who5Meaning(32)).toMatchObject({ band: 'low', reachOut: true });
    expect(who5Meaning(52)).toMatchObject({ band: 'low', reachOut: true });
    expect(who5Meaning(56)).toMatchObject({ band: 'good', reachOut: false });
  });

  it('never names a diagnosis', () => {
    for (const score of [0, 28, 40, 52, 80, 100]) {
      expect(who5Meaning(score).summary).not.toMatch(/depress|disorder|diagnos/i);
    }
  });

  it('calls a change of 10 points or more meaningful, either way', () => {
    expect(who5Change(60, 70)).toEqual({ points: 10, meaningful: true });
    expect(who5Change(60, 52)).toEqual({ points: -8, meaningful: false });
    expect(who5Change(72, 44)).toEqual({ points: -28, meaningful: true });
  });

  it('is due when never taken, or 4 weeks after the last one', () => {
    const now = new Date('2026-05-29T10:00:00Z');
    expect(thriveCheckDue(null, now)).toBe(true);
    expect(thriveCheckDue('2026-05-01T10:00:01Z', now)).toBe(false);
    expect(thriveCheckDue('2026-05-01T10:00:00Z', now)).toBe(true);
  });
});

describe('digit span', () => {
  const task = {
    trials: [
      { digits: '582', response: '582' },
      { digits: '4179', response: '4179' },
      { digits: '63958', response: '63985' },
      { digits: '27461', response: '27461' },
      { digits: '841637', response: '841673' },
      { digits: '592814', response: '' },
    ],
  };

  it('scores the longest sequence repeated correctly, forward', () => {
    expect(digitSpanScore(task, 'forward')).toBe(5);
  });

  it('scores backward against the digits reversed', () => {
    expect(
      digitSpanScore(
        {
          trials: [
            { digits: '47', response: '74' },
            { digits: '382', response: '283' },
            { digits: '9164', response: '9164' },
          ],
        },
        'backward',
      ),
    ).toBe(3);
    expect(digitSpanScore({ trials: [{ digits: '47', response: '47' }] }, 'backward')).toBe(0);
  });
});

describe('word recall', () => {
  it('counts each word of the list once, in any case, and the words that were not on it', () => {
    expect(wordRecallScore('a', ['Harbor', 'candle', 'candle ', 'violins', 'velvet', '', 'pencil.'])).toEqual({
      recalled: 3,
      intrusions: 2,
    });
    expect(wordRecallScore('b', [...WORD_LISTS.b])).toEqual({ recalled: 10, intrusions: 0 });
  });
});

describe('trail making by touch', () => {
  const tapsAt = (targets: readonly string[], everyMs: number): TrailsTask['taps'] =>
    targets.map((target, index) => ({ target, at_ms: (index + 1) * everyMs }));

  it('times the run to the last target, in tenths of a second, with no errors', () => {
    expect(trailsScore({ taps: tapsAt(TRAILS_TARGETS.a, 1500) }, 'a')).toEqual({ seconds: 18, errors: 0 });
  });

  it('counts a tap on anything but the next target as an error, and moves on only on the right one', () => {
    const taps = tapsAt(TRAILS_TARGETS.b, 2000);
    taps.splice(2, 0, { target: '3', at_ms: 5000 }, { target: 'B', at_ms: 5100 });
    taps.push({ target: 'F', at_ms: 25_000 });
    expect(trailsScore({ taps }, 'b')).toEqual({ seconds: 24, errors: 3 });
  });

  it('has no time when the last target was not reached', () => {
    expect(trailsScore({ taps: tapsAt(TRAILS_TARGETS.a.slice(0, 11), 1000) }, 'a')).toEqual({
      seconds: null,
      errors: 0,
    });
  });
});

describe('reaction time', () => {
  it('takes the median of the reactions; early and sooner than 100 ms are anticipations, none a miss', () => {
    expect(
      reactionScore({
        trials: [
          { wait_ms: 1200, rt_ms: 310, early: false },
          { wait_ms: 2800, rt_ms: 250, early: false },
          { wait_ms: 1900, rt_ms: null, early: true },
          { wait_ms: 1500, rt_ms: 80, early: false },
          { wait_ms: 2200, rt_ms: 290.6, early: false },
          { wait_ms: 1100, rt_ms: null, early: false },
          { wait_ms: 2500, rt_ms: 420, early: false },
        ],
      }),
    ).toEqual({ medianMs: 300, anticipations: 2, misses: 1 });
  });

  it('has no median without a reaction', () => {
    expect(reactionScore({ trials: [{ wait_ms: 1000, rt_ms: null, early: true }] }).medianMs).toBeNull();
  });
});

describe('a cognitive run', () => {
  const full: CognitiveRun = {
    digit_span_forward: { trials: [{ digits: '5821', response: '5821' }] },
    digit_span_backward: { trials: [{ digits: '36', response: '63' }] },
    word_recall: { list: 'c', immediate: ['rocket', 'garlic', 'tiger'], delayed: ['rocket'], delay_ms: 240_000 },
    trails_a: { taps: TRAILS_TARGETS.a.map((target, index) => ({ target, at_ms: 1000 * (index + 1) })) },
    trails_b: { taps: TRAILS_TARGETS.b.map((target, index) => ({ target, at_ms: 2500 * (index + 1) })) },
    reaction_time: { trials: [{ wait_ms: 1500, rt_ms: 275, early: false }] },
  };

  it('is scored task by task', () => {
    expect(cognitiveScores(full)).toEqual({
      digit_span_forward: 4,
      digit_span_backward: 2,
      words_immediate: 2,
      words_delayed: 1,
      word_intrusions: 1,
      trails_a_seconds: 12,
      trails_a_errors: 0,
      trails_b_seconds: 30,
      trails_b_errors: 0,
      reaction_median_ms: 275,
      reaction_anticipations: 0,
      reaction_misses: 0,
    });
    expect(cognitiveComplete(cognitiveScores(full))).toBe(true);
  });

  it('is not complete with a task skipped or left unfinished', () => {
    const { reaction_time: _skipped, ...rest } = full;
    expect(cognitiveComplete(cognitiveScores(rest))).toBe(false);
    expect(cognitiveComplete(cognitiveScores({ ...full, word_recall: { ...full.word_recall!, delayed: null } }))).toBe(
      false,
    );
  });

  it('names what no score can be made of', () => {
    expect(
      cognitiveProblems({
        digit_span_forward: { trials: [{ digits: '123', response: '12a' }] },
        trails_a: {
          taps: [
            { target: '1', at_ms: 900 },
            { target: 'Z', at_ms: 800 },
          ],
        },
        reaction_time: { trials: [{ wait_ms: 1000, rt_ms: 200, early: true }] },
      }).map((problem) => problem.field),
    ).toEqual([
      'cognitive.digit_span_forward.trials.0.response',
      'cognitive.trails_a.taps.1.target',
      'cognitive.trails_a.taps.1.at_ms',
      'cognitive.reaction_time.trials.0.rt_ms',
    ]);
    expect(cognitiveProblems({}).map((problem) => problem.field)).toEqual(['cognitive']);
  });
});

describe('a result, checked as a whole', () => {
  const base = { id: '0b0e7d3c-2d7c-4a56-9b7e-6d3c2d7c4a56', client_id: 'c', taken_at: '2026-05-01T10:00:00Z' };

  it('needs the part of its type and no other', () => {
    expect(assessmentProblems({ ...base, type: 'who5', answers: [1, 2, 3, 4, 5] })).toEqual([]);
    expect(
      assessmentProblems({ ...base, type: 'who5', answers: [1, 2, 3, 4, 5], cognitive: {} }).map((p) => p.field),
    ).toEqual(['cognitive']);
    expect(assessmentProblems({ ...base, type: 'cognitive' }).map((p) => p.field)).toEqual(['cognitive']);
  });

  it('computes a shared risk result from its inputs', () => {
    const input = {
      sex: 'male' as const,
      age: 55,
      hdl_cholesterol: 45,
      total_cholesterol: 210,
      smoker: true,
      diabetic: false,
      treats_hypertension: false,
      systolic_bp: 135,
    };
    expect(assessmentProblems({ ...base, type: 'cardiovascular_risk', cardiovascular_risk: input })).toEqual([]);
    // D'Agostino 2008, men: age 55-59 10, HDL 45-49 0, total 200-239 2, untreated 130-139 1, smoker 4: 17 points, 29.4 %.
    expect(sharedRiskResult(input)).toEqual({ points: 17, risk_percentage: 29.4, category: 'high' });
    expect(
      assessmentProblems({
        ...base,
        type: 'cardiovascular_risk',
        cardiovascular_risk: { ...input, hdl_cholesterol: 220 },
      }).map((p) => p.field),
    ).toEqual(['cardiovascular_risk.hdl_cholesterol']);
  });
});

describe('when a result was taken', () => {
  const now = new Date('2031-06-01T10:00:00Z');
  const accountCreatedAt = new Date('2031-01-15T09:00:00Z');
  const problems = (takenAt: string) => takenAtProblems(takenAt, { now, accountCreatedAt });

  it('takes a date between the account’s creation (and 90 days back) and now', () => {
    expect(problems('2031-06-01T09:59:00Z')).toEqual([]);
    expect(problems('2031-03-04T10:00:01Z')).toEqual([]);
    // A device clock a few minutes ahead.
    expect(problems('2031-06-01T10:05:00Z')).toEqual([]);
  });

  it('refuses a date later than now, before the account existed or more than 90 days back, naming taken_at', () => {
    expect(problems('2031-06-02T10:00:00Z')).toEqual([{ field: 'taken_at', message: 'cannot be later than now' }]);
    expect(problems('1900-01-01T00:00:00Z')).toEqual([
      { field: 'taken_at', message: 'cannot be before the client’s account existed' },
    ]);
    expect(problems('2031-03-01T10:00:00Z')).toEqual([
      { field: 'taken_at', message: 'cannot be more than 90 days ago' },
    ]);
  });
});
