import { describe, expect, it } from 'vitest';
import type { VisitDraft, VisitTherapy } from '../schema.gen.ts';
import { exampleVisit } from './examples.ts';
import { VISIT_THERAPIES } from './screens.ts';
import {
  WARNING_REASON_MIN,
  plausibilityWarnings,
  sessionMinutes,
  unacknowledgedWarnings,
  type VisitWarning,
} from './plausibility.ts';

const AT = new Date('2026-11-24T04:30:00Z');
const BOOKED = { plannedMinutes: 60 };
const example = (therapy: VisitTherapy): VisitDraft =>
  exampleVisit(therapy, { clientId: '11111111-1111-4111-8111-111111111111', at: AT });
const minutesAfterStart = (minutes: number) => new Date(AT.getTime() + minutes * 60_000).toISOString();

const codes = (warnings: readonly VisitWarning[]) => warnings.map((warning) => `${warning.field} ${warning.code}`);

describe('plausibility warnings', () => {
  it('find nothing in the example visit of each therapy', () => {
    for (const therapy of VISIT_THERAPIES) expect(plausibilityWarnings(example(therapy), BOOKED), therapy).toEqual([]);
  });

  it('warn of an infusion that starts and stops in the same minute, and of a volume its rate cannot run in that time', () => {
    // The case: 250 mL at 125 mL/h, start = stop.
    const draft = example('iv');
    draft.iv = {
      ...draft.iv!,
      volume_ml: 250,
      volume_infused_ml: 250,
      rate_value: 125,
      started_at: minutesAfterStart(5),
      stopped_at: minutesAfterStart(5),
    };
    expect(plausibilityWarnings(draft, BOOKED)).toEqual([
      {
        field: 'iv.stopped_at',
        code: 'iv_no_duration',
        message: 'The infusion starts and stops within the same minute: check the times.',
      },
    ]);
    draft.iv.stopped_at = minutesAfterStart(50);
    expect(plausibilityWarnings(draft, BOOKED)).toEqual([
      {
        field: 'iv.rate_value',
        code: 'iv_rate_duration',
        message: '250 mL at 125 mL/h takes about 2 h, but the times say 45 min.',
      },
    ]);
    // Two hours for 250 mL at 125 mL/h fits; the session then runs past its hour's booking.
    draft.iv.stopped_at = minutesAfterStart(125);
    expect(codes(plausibilityWarnings(draft, BOOKED))).toEqual(['iv.stopped_at session_overran']);
    expect(plausibilityWarnings(draft, { plannedMinutes: 120 })).toEqual([]);
  });

  it('warn of more infused than the bag and its additives held', () => {
    const draft = example('iv');
    draft.iv = { ...draft.iv!, volume_ml: 250, volume_infused_ml: 400 };
    expect(codes(plausibilityWarnings(draft, BOOKED))).toContain('iv.volume_infused_ml iv_infused_over_volume');
  });

  it('warn of vitals outside the usual range, each at its reading', () => {
    const draft = example('fir');
    draft.vitals![1] = { ...draft.vitals![1]!, systolic: 186, spo2: 90, temperature: 38.2 };
    expect(plausibilityWarnings(draft, BOOKED)).toEqual([
      { field: 'vitals.1.systolic', code: 'vitals_high', message: 'Systolic 186 mmHg is above the usual 91–179 mmHg.' },
      { field: 'vitals.1.spo2', code: 'vitals_low', message: 'SpO2 90 % is below the usual 92–100 %.' },
      {
        field: 'vitals.1.temperature',
        code: 'vitals_high',
        message: 'Temperature 38.2 °C is above the usual 35.1–37.9 °C.',
      },
    ]);
  });

  it('warn of HBOT pressure or time outside the protocol', () => {
    const draft = example('hbot');
    draft.hbot = { ...draft.hbot!, pressure_ata: 2.8, at_pressure_min: 100 };
    expect(codes(plausibilityWarnings(draft, { plannedMinutes: 120 }))).toEqual([
      'hbot.pressure_ata hbot_pressure_protocol',
      'hbot.at_pressure_min hbot_time_protocol',
    ]);
  });

  it('tell how long each therapy’s session took', () => {
    expect(sessionMinutes(example('iv'))).toBe(45);
    expect(sessionMinutes(example('hbot'))).toBe(80);
    expect(sessionMinutes(example('red_light'))).toBe(10);
  });
});

describe('a warning needs a reason to sign', () => {
  const warning: VisitWarning = { field: 'iv.stopped_at', code: 'iv_no_duration', message: 'Check the times.' };

  it('is answered by a reason of a few words for its field and code, and by nothing else', () => {
    const reason = 'IV push over 40 seconds.';
    expect(unacknowledgedWarnings([warning], [{ field: 'iv.stopped_at', code: 'iv_no_duration', reason }])).toEqual([]);
    expect(unacknowledgedWarnings([warning], [])).toEqual([
      {
        field: 'iv.stopped_at',
        message: `Check the times. Say why it stands (at least ${WARNING_REASON_MIN} characters) to sign.`,
      },
    ]);
    expect(
      unacknowledgedWarnings([warning], [{ field: 'iv.stopped_at', code: 'iv_no_duration', reason: '  ok  ' }]),
    ).toHaveLength(1);
    expect(
      unacknowledgedWarnings([warning], [{ field: 'iv.rate_value', code: 'iv_no_duration', reason }]),
    ).toHaveLength(1);
  });
});
