import { describe, expect, it } from 'vitest';
import { parseIfMatch } from './preconditions.ts';

describe('parseIfMatch', () => {
  it('sets no condition without the header or with *', () => {
    expect(parseIfMatch(undefined)).toBeNull();
    expect(parseIfMatch(' * ')).toBeNull();
  });

  it('reads strong tags, one or several', () => {
    expect(parseIfMatch('"7"')).toEqual([7]);
    expect(parseIfMatch('"7", "9"')).toEqual([7, 9]);
  });

  it('matches nothing with weak or malformed tags', () => {
    expect(parseIfMatch('W/"7"')).toEqual([]);
    expect(parseIfMatch('7')).toEqual([]);
    expect(parseIfMatch('"seven"')).toEqual([]);
  });
});
