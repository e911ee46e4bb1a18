/**
 * The table of lab measures against the field's own references: every code a
 * real LOINC code (its check digit), every unit a UCUM code as UCUM spells it
 * (NLM's UCUM library), and each unit measuring what the LOINC name says
 * ([Mass/volume] a mass concentration, [Units/volume] an arbitrary one, a
 * fraction of haemoglobin a fraction); ranges inside what is possible.
 */
import { UcumLhcUtils } from '@lhncbc/ucum-lhc';
import { describe, expect, it } from 'vitest';
import {
  LAB_MEASURES,
  LAB_PANELS,
  formatLabRange,
  labFlag,
  labMeasure,
  labValueProblem,
  type LabMeasure,
} from './lab-tests.ts';

const ucum = UcumLhcUtils.getInstance();

/** LOINC's check digit: the Luhn (mod 10) digit of the code's number part. */
function loincCheckDigit(number: string): number {
  let sum = 0;
  [...number].reverse().forEach((char, index) => {
    const digit = Number(char) * (index % 2 === 0 ? 2 : 1);
    sum += digit > 9 ? digit - 9 : digit;
  });
  return (10 - (sum % 10)) % 10;
}

/** The LOINC property (MCnc, ACnc, MFr, ...) a long common name states. */
function propertyInName(display: string): string {
  if (display.includes('[Mass/volume]')) return 'MCnc';
  if (display.includes('[Units/volume]')) return 'ACnc';
  if (display.includes('[Moles/volume]')) return 'SCnc';
  if (/\/Hemoglobin\.total/.test(display)) return 'MFr';
  throw new Error(`No property in "${display}"`);
}

describe('the table of lab measures', () => {
  it.each(LAB_MEASURES.map((measure) => [measure.loinc, measure] as const))('%s is a LOINC code', (code) => {
    const [number, check] = code.split('-');
    expect(loincCheckDigit(number!)).toBe(Number(check));
  });

  it('knows a wrong check digit when it sees one', () => {
    // 2093-3 is total cholesterol; 2093-4 is no LOINC code.
    expect(loincCheckDigit('2093')).toBe(3);
    expect(loincCheckDigit('2093')).not.toBe(4);
  });

  it.each(LAB_MEASURES.map((measure) => [measure.label, measure] as const))(
    '%s: its unit is UCUM, spelt as UCUM spells it, and measures what its LOINC name says',
    (_label, measure: LabMeasure) => {
      const checked = ucum.validateUnitString(measure.unit);
      expect(checked.status).toBe('valid');
      expect(checked.ucumCode).toBe(measure.unit);
      const property = ucum.getSpecifiedUnit(measure.unit, 'validate').unit?.loincProperty_ ?? '';
      const stated = propertyInName(measure.display);
      // UCUM lists every fraction (FR, MFR, ...) for "%"; the others name one property.
      expect(property.toUpperCase().split(/;\s*/)).toContain(stated.toUpperCase());
    },
  );

  it('has each code once, and every panel measure in the table', () => {
    const codes = LAB_MEASURES.map((measure) => measure.loinc);
    expect(new Set(codes).size).toBe(codes.length);
    for (const panel of LAB_PANELS) {
      for (const code of panel.measures) expect(labMeasure(code), `${panel.id}: ${code}`).toBeDefined();
    }
    expect(LAB_PANELS.find((panel) => panel.id === 'lipid')?.measures).toEqual([
      '2093-3',
      '2085-9',
      '13457-7',
      '2571-8',
    ]);
  });

  it.each(LAB_MEASURES.map((measure) => [measure.label, measure] as const))(
    '%s: its range and critical limits lie within what is possible',
    (_label, measure: LabMeasure) => {
      const limits = [measure.range.low, measure.range.high, measure.critical.low, measure.critical.high];
      for (const limit of limits.filter((value): value is number => value !== null)) {
        expect(limit).toBeGreaterThanOrEqual(measure.possible.min);
        expect(limit).toBeLessThanOrEqual(measure.possible.max);
      }
      if (measure.range.low !== null && measure.range.high !== null) {
        expect(measure.range.low).toBeLessThan(measure.range.high);
      }
    },
  );
});

describe('reading a value', () => {
  const glucose = labMeasure('1558-6')!;

  it('flags low, normal, high and critical against the range and the critical limits', () => {
    expect([40, 65, 85, 150, 420].map((value) => labFlag(glucose, value))).toEqual([
      'critical',
      'low',
      'normal',
      'high',
      'critical',
    ]);
  });

  it('reads against the lab’s own range when its report gives one', () => {
    expect(labFlag(glucose, 105, { low: 70, high: 110 })).toBe('normal');
  });

  it('refuses an impossible value with the measure, its unit and the possible span', () => {
    expect(labValueProblem(glucose, 2500)).toBe(
      'Fasting glucose of 2500 mg/dL is not possible: check the value (10 to 2000).',
    );
    expect(labValueProblem(glucose, 90)).toBeNull();
  });

  it('writes ranges in words', () => {
    expect(formatLabRange(glucose, glucose.range)).toBe('70 to 99');
    expect(formatLabRange(labMeasure('2093-3')!, { low: null, high: 199 })).toBe('199 or less');
    expect(formatLabRange(labMeasure('2085-9')!, { low: 40, high: null })).toBe('40 or more');
  });
});
