import { describe, expect, it } from 'vitest';
import { parseDiscoverySearch } from './search';

describe('parseDiscoverySearch', () => {
  it('keeps the text, trimmed, and a phone number the router read as a number', () => {
    expect(parseDiscoverySearch({ q: '  priya ' })).toEqual({ q: 'priya' });
    expect(parseDiscoverySearch({ q: 9845012345 })).toEqual({ q: '9845012345' });
  });

  it('drops an empty or malformed text, and anything else', () => {
    expect(parseDiscoverySearch({ q: '   ' })).toEqual({});
    expect(parseDiscoverySearch({ q: { a: 1 }, page: 2 })).toEqual({});
    expect(parseDiscoverySearch({ q: 'x'.repeat(300) }).q).toHaveLength(100);
  });
});
