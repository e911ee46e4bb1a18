import { describe, expect, it } from 'vitest';
import { isContractDate, isContractDateTime } from './input-limits.ts';

describe('the contract’s dates', () => {
  it('are real days in the years 0001 to 9999', () => {
    expect(isContractDate('2026-11-23')).toBe(true);
    expect(isContractDate('2024-02-29')).toBe(true);
    expect(isContractDate('0001-01-01')).toBe(true);
    expect(isContractDate('9999-12-31')).toBe(true);
    expect(isContractDate('0000-01-01')).toBe(false);
    expect(isContractDate('2026-02-29')).toBe(false);
    expect(isContractDate('2026-13-01')).toBe(false);
    expect(isContractDate('26-11-23')).toBe(false);
  });

  it('and times carry an offset and a real time of day', () => {
    expect(isContractDateTime('2026-11-23T10:00:00Z')).toBe(true);
    expect(isContractDateTime('2026-11-23T10:00:00.123+05:30')).toBe(true);
    expect(isContractDateTime('0000-11-23T10:00:00Z')).toBe(false);
    expect(isContractDateTime('2026-11-23T24:00:00Z')).toBe(false);
    expect(isContractDateTime('2026-11-23T10:00:00')).toBe(false);
  });
});
