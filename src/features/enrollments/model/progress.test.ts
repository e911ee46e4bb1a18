import { describe, expect, it } from 'vitest';
import { behindText, percentDone, sessionsText } from './progress';

describe('progress in words', () => {
  it('says the share of the plan done, whole percent, and 0 with nothing planned', () => {
    expect(percentDone({ done_total: 3, planned_total: 8 })).toBe(38);
    expect(percentDone({ done_total: 0, planned_total: 0 })).toBe(0);
    expect(sessionsText({ done_total: 3, planned_total: 8 })).toBe('3 of 8 sessions');
  });

  it('says why a client is flagged', () => {
    expect(behindText({ days_since_last_session: 15, last_session_at: '2026-11-09T10:00:00Z' })).toBe(
      'No session for 15 days',
    );
    expect(behindText({ days_since_last_session: 1, last_session_at: null })).toBe(
      'No session in the 1 day since the start',
    );
  });
});
