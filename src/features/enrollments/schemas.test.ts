import { schemaResolver } from '@mantine/form';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ENROLLMENT_MESSAGES, EnrollmentFormSchema, NOTES_MAX, type EnrollmentFormValues } from './schemas';

/** What the form submits, or the first message per field it shows. */
function parseEnrollmentForm(values: EnrollmentFormValues) {
  const result = v.safeParse(EnrollmentFormSchema, values);
  return result.success
    ? { success: true, output: result.output }
    : { success: false, errors: schemaResolver(EnrollmentFormSchema, { sync: true })(values) };
}

const valid: EnrollmentFormValues = {
  program: 'longevity',
  status: 'active',
  start_date: '2026-07-01',
  end_date: '',
  notes: '',
};

describe('EnrollmentFormSchema', () => {
  it('gives the contract’s body: an open end and empty notes as null, notes trimmed', () => {
    expect(parseEnrollmentForm({ ...valid, notes: '  Referred by Dr Rao ' })).toEqual({
      success: true,
      output: {
        program: 'longevity',
        status: 'active',
        start_date: '2026-07-01',
        end_date: null,
        notes: 'Referred by Dr Rao',
      },
    });
  });

  it('needs a program and a real start date', () => {
    expect(parseEnrollmentForm({ ...valid, program: '', start_date: '' })).toEqual({
      success: false,
      errors: { program: ENROLLMENT_MESSAGES.program, start_date: ENROLLMENT_MESSAGES.startMissing },
    });
    expect(parseEnrollmentForm({ ...valid, start_date: '2026-02-30' })).toEqual({
      success: false,
      errors: { start_date: ENROLLMENT_MESSAGES.date },
    });
  });

  it('does not let an enrollment end before it starts; the same day is fine', () => {
    expect(parseEnrollmentForm({ ...valid, end_date: '2026-06-30' })).toEqual({
      success: false,
      errors: { end_date: ENROLLMENT_MESSAGES.endBeforeStart },
    });
    expect(parseEnrollmentForm({ ...valid, end_date: '2026-07-01' }).success).toBe(true);
  });

  it(`holds notes of at most ${NOTES_MAX} characters`, () => {
    expect(parseEnrollmentForm({ ...valid, notes: 'x'.repeat(NOTES_MAX) }).success).toBe(true);
    expect(parseEnrollmentForm({ ...valid, notes: 'x'.repeat(NOTES_MAX + 1) })).toEqual({
      success: false,
      errors: { notes: ENROLLMENT_MESSAGES.notes },
    });
  });
});
