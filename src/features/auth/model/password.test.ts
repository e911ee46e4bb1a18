import { schemaResolver } from '@mantine/form';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { NewPasswordSchema } from '../schemas';
import { passwordPolicyErrors, showsMatchError, showsPolicyErrors } from './password';

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

describe('NewPasswordSchema', () => {
  const errorsOf = schemaResolver(NewPasswordSchema, { sync: true });

  it('takes a password that meets the policy and matches its confirmation', () => {
    expect(errorsOf({ password: 'Thrive!2026', confirm: 'Thrive!2026' })).toEqual({});
    expect(v.parse(NewPasswordSchema, { password: 'Thrive!2026', confirm: 'Thrive!2026' })).toEqual({
      password: 'Thrive!2026',
    });
  });

  it('puts every broken policy rule under the password, one per line, and a mismatch under the confirmation', () => {
    expect(errorsOf({ password: 'abcdef', confirm: 'abcdeg' })).toEqual({
      password: [
        'Password must have at least 8 characters',
        'Password must have upper case letters',
        'Password must have numbers',
        'Password must have special characters',
      ].join('\n'),
      confirm: 'Your passwords must match',
    });
  });

  it('reports a mismatch of any length (when it shows is the form’s rule)', () => {
    expect(errorsOf({ password: 'Thrive!2026', confirm: 'T' })).toEqual({ confirm: 'Your passwords must match' });
  });
});

describe('showsMatchError', () => {
  const untouched = { password: false, confirm: false };
  const bothTouched = { password: true, confirm: true };

  it('shows for a difference once both have at least 6 characters, touched or not', () => {
    expect(showsMatchError({ password: 'abcdef', confirm: 'abcdeg' }, untouched)).toBe(true);
  });

  it('stays silent below 6 characters in either field until both are touched', () => {
    expect(showsMatchError({ password: 'abcde', confirm: 'abcdefg' }, untouched)).toBe(false);
    expect(showsMatchError({ password: 'abcdefg', confirm: 'abcde' }, { password: true, confirm: false })).toBe(false);
    expect(showsMatchError({ password: 'abcdefg', confirm: 'abcde' }, bothTouched)).toBe(true);
    expect(showsMatchError({ password: 'a', confirm: '' }, bothTouched)).toBe(true);
  });
});

describe('showsPolicyErrors', () => {
  it('shows the policy messages only once the password field was touched', () => {
    expect(showsPolicyErrors({ password: false, confirm: true })).toBe(false);
    expect(showsPolicyErrors({ password: true, confirm: false })).toBe(true);
  });
});
