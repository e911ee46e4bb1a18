import { describe, expect, it } from 'vitest';
import { newPasswordErrors, passwordMatchError, passwordPolicyErrors } from './password';

describe('passwordPolicyErrors', () => {
  it('accepts a password with every kind of character and 8 of them', () => {
    expect(passwordPolicyErrors('Thrive!2026')).toEqual([]);
    expect(passwordPolicyErrors('aB3 xyzw')).toEqual([]);
  });

  it('names every broken rule with the pool messages', () => {
    expect(passwordPolicyErrors('')).toEqual([
      'Password must have at least 8 characters',
      'Password must have lower case letters',
      'Password must have upper case letters',
      'Password must have numbers',
      'Password must have special characters',
    ]);
  });

  it.each([
    ['Thr!v26', 'Password must have at least 8 characters'],
    ['THRIVE!2026', 'Password must have lower case letters'],
    ['thrive!2026', 'Password must have upper case letters'],
    ['Thrive!Now!', 'Password must have numbers'],
    ['Thrive2026x', 'Password must have special characters'],
  ])('%s breaks one rule: %s', (password, message) => {
    expect(passwordPolicyErrors(password)).toEqual([message]);
  });

  it('counts exactly 8 as long enough and uses the given minimum in the message', () => {
    expect(passwordPolicyErrors('Ab1!abcd')).toEqual([]);
    expect(passwordPolicyErrors('Ab1!abcd', 12)).toEqual(['Password must have at least 12 characters']);
  });
});

describe('passwordMatchError', () => {
  const untouched = { password: false, confirm: false };
  const bothTouched = { password: true, confirm: true };

  it('is silent when the two are equal', () => {
    expect(passwordMatchError({ password: 'Thrive!2026', confirm: 'Thrive!2026' }, bothTouched)).toBeNull();
  });

  it('shows for a difference once both have at least 6 characters, touched or not', () => {
    expect(passwordMatchError({ password: 'abcdef', confirm: 'abcdeg' }, untouched)).toBe('Your passwords must match');
  });

  it('stays silent below 6 characters in either field until both are touched', () => {
    expect(passwordMatchError({ password: 'abcde', confirm: 'abcdefg' }, untouched)).toBeNull();
    expect(
      passwordMatchError({ password: 'abcdefg', confirm: 'abcde' }, { password: true, confirm: false }),
    ).toBeNull();
    expect(passwordMatchError({ password: 'abcdefg', confirm: 'abcde' }, bothTouched)).toBe(
      'Your passwords must match',
    );
    expect(passwordMatchError({ password: 'a', confirm: '' }, bothTouched)).toBe('Your passwords must match');
  });
});

describe('newPasswordErrors', () => {
  it('shows policy messages only once the password field was touched', () => {
    const values = { password: 'short', confirm: '' };
    expect(newPasswordErrors(values, { password: false, confirm: false }).password).toEqual([]);
    expect(newPasswordErrors(values, { password: true, confirm: false }).password).toContain(
      'Password must have at least 8 characters',
    );
  });
});
