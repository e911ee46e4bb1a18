import { describe, expect, it } from 'vitest';
import { TRAILS_TARGETS } from '@contract';
import { layTargets, nextSpanLength, nextWordList, randomDigits, wordsOf } from './cognitive';

/** A fixed sequence of 'random' numbers, so each run of a test is the same. */
function sequence(...values: number[]): () => number {
  let at = 0;
  return () => values[at++ % values.length]!;
}

describe('the digit span’s next sequence', () => {
  const right = (digits: string) => ({ digits, response: digits });
  const wrong = (digits: string) => ({ digits, response: '' });

  it('starts at 3 forward and 2 backward, two at each length', () => {
    expect(nextSpanLength('forward', [])).toBe(3);
    expect(nextSpanLength('backward', [])).toBe(2);
    expect(nextSpanLength('forward', [wrong('123')])).toBe(3);
  });

  it('goes one longer after a length with any right, and stops after two wrong at one length', () => {
    expect(nextSpanLength('forward', [wrong('123'), right('456')])).toBe(4);
    expect(nextSpanLength('forward', [right('123'), right('456'), wrong('1234'), wrong('5678')])).toBeNull();
    expect(nextSpanLength('backward', [{ digits: '12', response: '21' }, wrong('34')])).toBe(3);
  });

  it('stops after the longest', () => {
    expect(nextSpanLength('forward', [right('123456789'), right('987654321')])).toBeNull();
  });
});

describe('materials', () => {
  it('never shows a digit twice in a row', () => {
    expect(randomDigits(4, sequence(0.31, 0.35, 0.52, 0.55, 0.01))).toBe('3503');
  });

  it('moves to the next word list after the last run’s, around the three', () => {
    expect(nextWordList([])).toBe('a');
    const run = (list: 'a' | 'b' | 'c', takenAt: string) => ({
      taken_at: takenAt,
      cognitive: { word_recall: { list, immediate: [] } },
    });
    expect(nextWordList([run('a', '2026-01-01T00:00:00Z'), run('b', '2026-02-01T00:00:00Z')])).toBe('c');
    expect(nextWordList([run('c', '2026-03-01T00:00:00Z')])).toBe('a');
  });

  it('reads typed words apart at spaces and commas', () => {
    expect(wordsOf(' lemon, candle  pepper;meadow\n')).toEqual(['lemon', 'candle', 'pepper', 'meadow']);
  });

  it('lays the trail’s targets in cells of their own, in reading order', () => {
    const spots = layTargets(TRAILS_TARGETS.b, sequence(0.13, 0.71, 0.42, 0.97, 0.05, 0.66));
    expect(spots.map((spot) => spot.label).sort()).toEqual([...TRAILS_TARGETS.b].sort());
    const cells = new Set(spots.map((spot) => `${Math.floor(spot.left / 25)}:${Math.floor(spot.top / (100 / 6))}`));
    expect(cells.size).toBe(TRAILS_TARGETS.b.length);
    for (let i = 1; i < spots.length; i++) {
      expect(Math.round(spots[i]!.top) >= Math.round(spots[i - 1]!.top)).toBe(true);
    }
  });
});
