import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirect';

describe('safeRedirectPath', () => {
  it.each(['/', '/appointments', '/users/5f0c1c1e?tab=profile#top', '/client/discovery/abc/visit/1'])(
    'follows the same-origin path %s',
    (path) => {
      expect(safeRedirectPath(path)).toBe(path);
    },
  );

  it.each([
    '//evil.example',
    '//evil.example/path',
    'https://evil.example',
    'http://localhost:4173/hub',
    'javascript:alert(1)',
    '/\\evil.example',
    '/\t/evil.example',
    'appointments',
    '',
  ])('refuses %j', (value) => {
    expect(safeRedirectPath(value)).toBeUndefined();
  });

  it('refuses non-strings', () => {
    expect(safeRedirectPath(undefined)).toBeUndefined();
    expect(safeRedirectPath(['/hub'])).toBeUndefined();
  });
});
