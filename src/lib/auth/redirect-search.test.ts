import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { RedirectSearch } from './redirect-search';

describe('RedirectSearch', () => {
  it('keeps a same-origin path', () => {
    expect(v.parse(RedirectSearch, { redirect: '/users/abc?tab=1' })).toEqual({ redirect: '/users/abc?tab=1' });
  });

  it.each(['//evil.example', 'https://evil.example', 'javascript:alert(1)', '/\\evil.example', 42])(
    'drops %j without failing',
    (redirect) => {
      expect(v.parse(RedirectSearch, { redirect })).toEqual({ redirect: undefined });
    },
  );

  it('is fine without one', () => {
    expect(v.parse(RedirectSearch, {})).toEqual({ redirect: undefined });
  });
});
