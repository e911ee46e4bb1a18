import { describe, expect, it } from 'vitest';
import { normaliseEmail } from './email';

describe('normaliseEmail', () => {
  it('lowercases and trims', () => {
    expect(normaliseEmail('  Client@Thrive.TEST \t')).toBe('client@thrive.test');
  });

  it('leaves an already normal address alone', () => {
    expect(normaliseEmail('nurse@thrive.test')).toBe('nurse@thrive.test');
  });
});
