import { describe, expect, it } from 'vitest';
import { clockOf } from '@/lib/intl';
import { riskPrefill } from './risk-prefill';

const clock = clockOf('Asia/Kolkata');
const lipids = {
  total: 212,
  hdl: 48,
  collectedAt: '2026-11-20T04:30:00Z',
  releasedAt: '2026-11-22T06:00:00Z',
  testName: 'Lipid panel',
};

describe('the risk calculator’s prefill', () => {
  it('takes smoking and diabetes from the lifestyle history, saying from where and when', () => {
    const { initial, sources } = riskPrefill(
      lipids,
      null,
      { history: { tobacco: 'current', diabetes: 'type_2' }, updatedAt: '2026-11-25T09:00:00Z' },
      clock,
    );
    expect(initial).toEqual({ total_cholesterol: 212, hdl_cholesterol: 48, smoker: true, diabetic: true });
    expect(sources).toEqual([
      'Total and HDL cholesterol from the Lipid panel taken Fri 20 Nov 2026 (released Sun 22 Nov 2026).',
      'Smoking and diabetes from the lifestyle history (profile last changed Wed 25 Nov 2026).',
    ]);
  });

  it('counts a former smoker and a client without diabetes as neither', () => {
    const { initial } = riskPrefill(
      null,
      null,
      { history: { tobacco: 'former', diabetes: 'no' }, updatedAt: null },
      clock,
    );
    expect(initial).toEqual({ smoker: false, diabetic: false });
  });

  it('leaves an unanswered question for staff to ask, and says only what it filled', () => {
    const { initial, sources } = riskPrefill(null, null, { history: { diabetes: 'no' }, updatedAt: null }, clock);
    expect(initial).toEqual({ diabetic: false });
    expect(sources).toEqual(['Diabetes from the lifestyle history.']);
    expect(riskPrefill(null, null, { history: {}, updatedAt: null }, clock)).toEqual({ initial: {}, sources: [] });
  });
});
