import { describe, expect, it } from 'vitest';
import { parseReportsSearch, periodStart, showsKind, withinPeriod } from './report-filter';

describe('the reports filter', () => {
  it('keeps a known kind and period from the URL and drops anything else', () => {
    expect(parseReportsSearch({ kind: 'labs', period: '3m' })).toEqual({ kind: 'labs', period: '3m' });
    expect(parseReportsSearch({ kind: 'secrets', period: 'forever', other: 1 })).toEqual({});
  });

  it('shows every part without a kind, and only that part with one', () => {
    expect(showsKind({}, 'visits')).toBe(true);
    expect(showsKind({ kind: 'labs' }, 'labs')).toBe(true);
    expect(showsKind({ kind: 'labs' }, 'visits')).toBe(false);
  });

  it('reaches back three or twelve months from today on the clinic’s calendar, or all the way', () => {
    expect(periodStart({ period: '3m' }, '2026-12-02')).toBe('2026-09-02');
    expect(periodStart({ period: '12m' }, '2026-12-02')).toBe('2025-12-02');
    expect(periodStart({}, '2026-12-02')).toBeNull();
    expect(withinPeriod('2026-09-02', '2026-09-02')).toBe(true);
    expect(withinPeriod('2026-09-02', '2026-09-01')).toBe(false);
    expect(withinPeriod(null, '2001-01-01')).toBe(true);
  });
});
