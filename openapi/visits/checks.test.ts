import { describe, expect, it } from 'vitest';
import type { LifestyleHistory, VisitDraft, VisitTherapy } from '../schema.gen.ts';
import { exampleVisit } from './examples.ts';
import {
  CONTRAINDICATIONS,
  THERAPY_FIELDS,
  VISIT_THERAPIES,
  VITALS_FIELDS,
  derivedValues,
  draftProblems,
  numberProblem,
  profileSaysDiabetic,
  redLightDose,
  signingProblems,
  visitStopped,
  type FieldSpec,
  type ListSpec,
  type NumberSpec,
} from '../index.ts';

const CLIENT = '11111111-1111-4111-8111-111111111111';
const AT = new Date('2026-11-24T04:30:00Z');
const CLOCK = { today: '2026-11-24', now: new Date('2026-11-24T06:00:00Z') };
const SIGNABLE = { hipaaConsent: true, diabetic: false };

let ids = 0;
const example = (therapy: VisitTherapy): VisitDraft =>
  exampleVisit(therapy, {
    clientId: CLIENT,
    at: AT,
    newId: () => `00000000-0000-4000-8000-${String((ids += 1)).padStart(12, '0')}`,
  });

const fieldsOf = (errors: readonly { field: string }[]) => errors.map((error) => error.field);

/** Sets a value at a dotted path of a copy of the draft. */
function withValue(draft: VisitDraft, path: string, value: unknown): VisitDraft {
  const copy = structuredClone(draft) as Record<string, unknown>;
  const keys = path.split('.');
  let at: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[keys.at(-1)!] = value;
  return copy as VisitDraft;
}

/** Every number field of a therapy, with its path in the example draft (a list's first entry). */
function numberFields(therapy: VisitTherapy): [string, NumberSpec][] {
  const found: [string, NumberSpec][] = [];
  for (const [name, spec] of Object.entries(THERAPY_FIELDS[therapy]) as [string, FieldSpec | ListSpec<never>][]) {
    if (spec.input === 'number') found.push([`${therapy}.${name}`, spec]);
    if (spec.input === 'list') {
      for (const [item, itemSpec] of Object.entries<FieldSpec>(spec.fields)) {
        if (itemSpec.input === 'number') found.push([`${therapy}.${name}.0.${item}`, itemSpec]);
      }
    }
  }
  return found;
}

describe('the example visit of each therapy', () => {
  it.each(VISIT_THERAPIES)('%s is a valid draft and can be signed', (therapy) => {
    const draft = example(therapy);
    expect(draftProblems(draft, CLOCK)).toEqual([]);
    expect(signingProblems(draft, SIGNABLE)).toEqual([]);
  });
});

describe('ranges', () => {
  const cases = VISIT_THERAPIES.flatMap((therapy) =>
    numberFields(therapy).map(([path, spec]) => [therapy, path, spec] as const),
  );

  it.each(cases)('%s: %s refuses values outside its range and decimals', (therapy, path, spec) => {
    const draft = example(therapy);
    // A list may be empty in the example (e.g. no site checks): the rule is then checked on a made-up entry.
    for (const value of [spec.min - 1, spec.max + 1]) {
      expect(fieldsOf(draftProblems(withValue(draft, path, value), CLOCK)), `${path} = ${value}`).toContain(path);
    }
    expect(fieldsOf(draftProblems(withValue(draft, path, spec.min), CLOCK))).not.toContain(path);
    expect(fieldsOf(draftProblems(withValue(draft, path, spec.max), CLOCK))).not.toContain(path);
    const tooFine = spec.min + 10 ** -(spec.decimals + 1);
    expect(fieldsOf(draftProblems(withValue(draft, path, tooFine), CLOCK))).toContain(path);
  });

  it.each(Object.entries(VITALS_FIELDS))('vitals: %s keeps to its range', (name, spec) => {
    const draft = example('fir');
    const fields = fieldsOf(draftProblems(withValue(draft, `vitals.0.${name}`, spec.max + 1), CLOCK));
    expect(new Set(fields)).toEqual(new Set([`vitals.0.${name}`]));
    expect(numberProblem(spec, spec.max + 1)).toBe(`Must be from ${spec.min} to ${spec.max} ${spec.unit}.`);
  });

  it('wants a diastolic below the systolic, and a measurement in every vitals entry', () => {
    const draft = example('pet');
    expect(fieldsOf(draftProblems(withValue(draft, 'vitals.0.diastolic', 130), CLOCK))).toEqual(['vitals.0.diastolic']);
    const empty = withValue(draft, 'vitals.0', {
      id: draft.vitals![0]!.id,
      phase: 'before',
      taken_at: AT.toISOString(),
    });
    expect(draftProblems(empty, CLOCK)).toEqual([{ field: 'vitals.0', message: 'Enter at least one measurement.' }]);
  });
});

describe('IV', () => {
  it('refuses a lot that expired before today, and takes one expiring today', () => {
    const draft = example('iv');
    expect(draftProblems(withValue(draft, 'iv.additives.0.expiry', '2026-11-23'), CLOCK)).toEqual([
      { field: 'iv.additives.0.expiry', message: 'This lot expired on 2026-11-23: do not use it.' },
    ]);
    expect(draftProblems(withValue(draft, 'iv.additives.0.expiry', '2026-11-24'), CLOCK)).toEqual([]);
  });

  it('keeps a site check on the device until it has its time, which the stored record requires', () => {
    const draft = example('iv');
    expect(draftProblems(withValue(draft, 'iv.site_checks.0.checked_at', null), CLOCK)).toEqual([
      { field: 'iv.site_checks.0.checked_at', message: 'Enter when the site was checked.' },
    ]);
  });

  it('refuses a stop before the start, and nothing recorded later than now', () => {
    const draft = example('iv');
    expect(draftProblems(withValue(draft, 'iv.stopped_at', '2026-11-24T04:34:00Z'), CLOCK)).toEqual([
      { field: 'iv.stopped_at', message: 'Cannot be before the start.' },
    ]);
    // A stop in the same minute as the start is possible (a push), and warns instead: see plausibility.
    expect(draftProblems(withValue(draft, 'iv.stopped_at', draft.iv!.started_at), CLOCK)).toEqual([]);
    expect(fieldsOf(draftProblems(withValue(draft, 'vitals.1.taken_at', '2026-11-24T07:00:00Z'), CLOCK))).toEqual([
      'vitals.1.taken_at',
    ]);
  });

  it('refuses a time typed more than 6 hours before the visit began: the 12-hour clock’s slip', () => {
    const draft = example('iv');
    const clock = { ...CLOCK, openedAt: AT };
    // The session began at 10:00 in Bengaluru (04:30 UTC); 01:10 typed for 13:10 is hours before.
    expect(draftProblems(withValue(draft, 'vitals.0.taken_at', '2026-11-23T19:40:00Z'), clock)).toEqual([
      {
        field: 'vitals.0.taken_at',
        message: 'Cannot be more than 6 hours before the visit began: check the time (24-hour clock).',
      },
    ]);
    // Vitals taken at check-in, or a session charted after it, within the shift, stand.
    expect(draftProblems(withValue(draft, 'vitals.0.taken_at', '2026-11-24T00:00:00Z'), clock)).toEqual([]);
  });

  it('refuses a device time of an entry later than now or before the visit began, naming its key', () => {
    const draft = example('iv');
    const entry = draft.vitals![0]!.id;
    const clock = { ...CLOCK, openedAt: AT };
    const recorded = (at: string) => ({ ...draft, recorded_at: { [entry]: { at, device_clock_offset_ms: null } } });
    expect(draftProblems(recorded('2026-11-24T05:00:00Z'), clock)).toEqual([]);
    // Within the clock tolerance of ten minutes either way.
    expect(draftProblems(recorded('2026-11-24T06:09:00Z'), clock)).toEqual([]);
    expect(draftProblems(recorded('2026-11-24T04:21:00Z'), clock)).toEqual([]);
    expect(draftProblems(recorded('2026-11-24T06:11:00Z'), clock)).toEqual([
      { field: `recorded_at.${entry}.at`, message: 'Cannot be later than now.' },
    ]);
    expect(draftProblems(recorded('2026-11-24T04:19:00Z'), clock)).toEqual([
      { field: `recorded_at.${entry}.at`, message: 'Cannot be before the visit began.' },
    ]);
    expect(fieldsOf(draftProblems({ ...draft, opened_at: '2026-11-24T06:30:00Z' }, CLOCK))).toEqual(['opened_at']);
  });

  it('no longer offers sterile water as a base fluid, and refuses it', () => {
    const spec = THERAPY_FIELDS.iv.base_fluid;
    expect(spec.input === 'choice' && spec.options.map((option) => option.value)).toEqual([
      'normal_saline',
      'lactated_ringers',
      'd5w',
    ]);
    expect(draftProblems(withValue(example('iv'), 'iv.base_fluid', 'sterile_water'), CLOCK)).toEqual([
      { field: 'iv.base_fluid', message: 'Choose one of the options.' },
    ]);
  });

  it('signs only with an attempt that got the line in', () => {
    const draft = withValue(example('iv'), 'iv.attempts.0.outcome', 'failed');
    expect(fieldsOf(signingProblems(draft, SIGNABLE))).toEqual(['iv.attempts']);
  });
});

describe('signing needs every required field', () => {
  const cases = VISIT_THERAPIES.flatMap((therapy) =>
    (Object.entries(THERAPY_FIELDS[therapy]) as [string, FieldSpec | ListSpec<never>][])
      .filter(([, spec]) => spec.input !== 'list' && spec.requiredToSign)
      .map(([name]) => [therapy, `${therapy}.${name}`] as const),
  );

  it.each(cases)('%s: %s', (therapy, path) => {
    expect(fieldsOf(signingProblems(withValue(example(therapy), path, null), SIGNABLE))).toEqual([path]);
  });

  it.each(VISIT_THERAPIES)('%s: consent, the whole screen, and vitals before and after', (therapy) => {
    const draft: VisitDraft = {
      ...example(therapy),
      consent: {},
      contraindications: { answers: {} },
      vitals: [],
    };
    expect(fieldsOf(signingProblems(draft, { hipaaConsent: false, diabetic: false })).sort()).toEqual(
      [
        'client_id',
        'consent.therapy_consent',
        'consent.therapy_consent_date',
        ...CONTRAINDICATIONS[therapy].map((question) => `contraindications.answers.${question.key}`),
        'vitals',
        'vitals',
      ].sort(),
    );
  });

  it('HBOT: glucose before and after for a diabetic client, whether the profile or the screen says so', () => {
    const draft = example('hbot');
    expect(fieldsOf(signingProblems(draft, { hipaaConsent: true, diabetic: true }))).toEqual([
      'hbot.glucose_before',
      'hbot.glucose_after',
    ]);
    expect(fieldsOf(signingProblems(withValue(draft, 'hbot.diabetic', true), SIGNABLE))).toHaveLength(2);
    const measured = withValue(withValue(draft, 'hbot.glucose_before', 140), 'hbot.glucose_after', 120);
    expect(signingProblems(measured, { hipaaConsent: true, diabetic: true })).toEqual([]);
  });

  it('FIR: every stop criterion answered', () => {
    const draft = withValue(example('fir'), 'fir.stop_criteria.nausea', null);
    expect(fieldsOf(signingProblems(draft, SIGNABLE))).toEqual(['fir.stop_criteria']);
  });
});

describe('the contraindication screen', () => {
  it('stops the visit on a yes until a reason is recorded, and then lets it sign', () => {
    const yes = withValue(example('pet'), 'contraindications.answers.pacemaker', true);
    expect(visitStopped(yes)).toBe(true);
    expect(fieldsOf(signingProblems(yes, SIGNABLE))).toEqual(['contraindications.override_reason']);
    const tooShort = withValue(yes, 'contraindications.override_reason', 'ok');
    expect(visitStopped(tooShort)).toBe(true);
    const overridden = withValue(yes, 'contraindications.override_reason', 'Cleared by the cardiologist in writing.');
    expect(visitStopped(overridden)).toBe(false);
    expect(signingProblems(overridden, SIGNABLE)).toEqual([]);
  });

  it('refuses questions that are not on the therapy’s screen', () => {
    const draft = withValue(example('iv'), 'contraindications.answers.pacemaker', false);
    expect(fieldsOf(draftProblems(draft, CLOCK))).toEqual(['contraindications.answers.pacemaker']);
  });
});

describe('computed values', () => {
  it('red light dose is irradiance × seconds / 1000, in J/cm²', () => {
    expect(redLightDose(50, 10)).toBe(30);
    expect(redLightDose(100, 20)).toBe(120);
    expect(redLightDose(35.5, 7.5)).toBe(15.98);
    expect(derivedValues(example('red_light'))).toEqual({ dose_j_cm2: 30 });
  });

  it('FIR heart-rate rise and weight change', () => {
    expect(derivedValues(example('fir'))).toEqual({ heart_rate_rise: 34, weight_change_kg: -0.4 });
  });
});

describe('a diabetic profile', () => {
  it.each<[LifestyleHistory | null, boolean]>([
    [{ diabetes: 'type_1' }, true],
    [{ diabetes: 'type_2' }, true],
    [{ diabetes: 'other' }, true],
    [{ diabetes: 'no' }, false],
    [{ diabetes: null, notes: 'diabetes in the family' }, false],
    [{}, false],
    [null, false],
  ])('%j -> %s', (lifestyle, expected) => {
    expect(profileSaysDiabetic(lifestyle)).toBe(expected);
  });
});
