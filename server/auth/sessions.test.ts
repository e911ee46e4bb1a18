import { describe, expect, it } from 'vitest';
import { checkSession, signOutCutoff } from './sessions.ts';

const now = new Date('2026-03-01T12:00:00.700Z');
const seconds = (iso: string) => Date.parse(iso) / 1000;

describe('checkSession', () => {
  const cutoff = new Date('2026-03-01T12:00:00.700Z');

  it('refuses a token issued before the cut-off, and one of its own second in whole seconds', () => {
    const before = { issuedAt: seconds('2026-03-01T11:59:59Z'), authTime: seconds('2026-03-01T11:00:00Z') };
    expect(() => checkSession(before, cutoff, 'NURSE', now)).toThrow(/session has ended/);
    const sameSecond = { issuedAt: seconds('2026-03-01T12:00:00Z'), authTime: seconds('2026-03-01T12:00:00Z') };
    expect(() => checkSession(sameSecond, cutoff, 'NURSE', now)).toThrow(/session has ended/);
  });

  it('accepts a token issued after the cut-off, to the millisecond when the token says it', () => {
    const after = { issuedAt: seconds('2026-03-01T12:00:00.900Z'), authTime: seconds('2026-03-01T12:00:00.900Z') };
    expect(() => checkSession(after, cutoff, 'NURSE', now)).not.toThrow();
    expect(() => checkSession(after, null, 'NURSE', now)).not.toThrow();
  });

  it('refuses a token refreshed after the cut-off for a session signed in before it', () => {
    const refreshed = { issuedAt: seconds('2026-03-01T12:30:00Z'), authTime: seconds('2026-03-01T11:00:00Z') };
    expect(() => checkSession(refreshed, cutoff, 'NURSE', now)).toThrow(/session has ended/);
  });

  it('ends a staff session 12 hours after sign-in and a client’s after 30 days', () => {
    const token = (hours: number) => ({
      issuedAt: now.getTime() / 1000,
      authTime: now.getTime() / 1000 - hours * 3600,
    });
    expect(() => checkSession(token(11.9), null, 'DOCTOR', now)).not.toThrow();
    expect(() => checkSession(token(12.1), null, 'DOCTOR', now)).toThrow(/at most 12 hours/);
    expect(() => checkSession(token(12.1), null, 'NO_ROLE', now)).toThrow(/at most 12 hours/);
    expect(() => checkSession(token(29 * 24), null, 'CLIENT', now)).not.toThrow();
    expect(() => checkSession(token(31 * 24), null, 'CLIENT', now)).toThrow(/at most 30 days/);
  });
});

describe('where a sign-out cuts off', () => {
  const now = new Date('2026-03-01T12:00:10Z');
  const tokenIssuedAt = seconds('2026-03-01T12:00:00Z');

  it('at the press, when it came late: a session started since stays', () => {
    expect(signOutCutoff('2026-03-01T12:00:05Z', tokenIssuedAt, now).toISOString()).toBe('2026-03-01T12:00:05.000Z');
  });

  it('just after the asking token, whatever earlier time a device sends: that token ends', () => {
    const cutoff = signOutCutoff('2025-03-01T12:00:00Z', tokenIssuedAt, now);
    expect(cutoff.getTime()).toBe(tokenIssuedAt * 1000 + 1);
    expect(() => checkSession({ issuedAt: tokenIssuedAt, authTime: tokenIssuedAt }, cutoff, 'NURSE', now)).toThrow(
      /session has ended/,
    );
  });

  it('never after now, and now when no time is sent', () => {
    expect(signOutCutoff('2027-03-01T12:00:00Z', tokenIssuedAt, now)).toEqual(now);
    expect(signOutCutoff(undefined, tokenIssuedAt, now)).toEqual(now);
  });
});
