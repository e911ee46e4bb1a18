import { schemaResolver } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { VitalsFormSchema, type VitalsFormValues } from './schemas';

const errorsOf = schemaResolver(VitalsFormSchema, { sync: true });
const entry = (values: Partial<VitalsFormValues>): VitalsFormValues => ({
  phase: 'before',
  time: '10:30',
  systolic: '',
  diastolic: '',
  heart_rate: '',
  spo2: '',
  temperature: '',
  respiratory_rate: '',
  glucose: '',
  ...values,
});

describe('a vitals entry', () => {
  it('takes readings within their ranges', () => {
    expect(errorsOf(entry({ systolic: 120, diastolic: 80, heart_rate: 72, temperature: 36.8 }))).toEqual({});
  });

  it('names each reading out of range, with the server’s words', () => {
    expect(errorsOf(entry({ systolic: 1200, spo2: 101, temperature: 36.85 }))).toEqual({
      systolic: 'Must be from 50 to 260 mmHg.',
      spo2: 'Must be from 50 to 100 %.',
      temperature: 'At most 1 decimal place.',
    });
  });

  it('wants at least one reading and a diastolic below the systolic', () => {
    expect(errorsOf(entry({}))).toEqual({ heart_rate: 'Enter at least one measurement' });
    expect(errorsOf(entry({ systolic: 80, diastolic: 90 }))).toEqual({ diastolic: 'Must be lower than the systolic' });
  });
});
