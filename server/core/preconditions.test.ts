import { describe, expect, it } from 'vitest';
import type { HttpProblem } from './problem.ts';
import { parseIfMatch, requireIfMatch } from './preconditions.ts';

describe('If-Match', () => {
  it('sets no condition without the header, and is required where a change needs one', () => {
    expect(parseIfMatch(undefined)).toBeNull();
    expect(() => requireIfMatch(undefined)).toThrow(expect.objectContaining({ status: 428 }) as HttpProblem);
  });

  it('refuses * with 428: a change names the version it was made from', () => {
    for (const header of ['*', ' * ']) {
      expect(() => parseIfMatch(header)).toThrow(expect.objectContaining({ status: 428 }) as HttpProblem);
      expect(() => requireIfMatch(header)).toThrow(expect.objectContaining({ status: 428 }) as HttpProblem);
    }
  });

  it('reads strong tags, one or several', () => {
    expect(parseIfMatch('"7"')).toEqual([7]);
    expect(requireIfMatch('"7", "9"')).toEqual([7, 9]);
  });

  it('matches nothing with weak or malformed tags', () => {
    expect(parseIfMatch('W/"7"')).toEqual([]);
    expect(parseIfMatch('7')).toEqual([]);
    expect(parseIfMatch('"seven"')).toEqual([]);
  });
});
