import { describe, expect, it } from 'vitest';
import { generateTemporaryPassword } from './identity-admin.ts';

describe('generateTemporaryPassword', () => {
  it('meets the pool policy every time: length, lower, upper, digit, symbol', () => {
    const passwords = Array.from({ length: 500 }, () => generateTemporaryPassword());
    for (const password of passwords) {
      expect(password.length).toBeGreaterThanOrEqual(8);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[0-9]/);
      expect(password).toMatch(/[^a-zA-Z0-9]/);
    }
    expect(new Set(passwords).size).toBe(passwords.length);
  });
});
