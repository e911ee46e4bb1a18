import { schemaResolver } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { UTC_CLOCK } from '@/lib/intl';
import type { EntryValues } from './model/entry';
import { RESULT_MESSAGES, adviceFormSchema, resultEntrySchema } from './schemas';

describe('the lab-result form', () => {
  const errorsOf = schemaResolver(
    resultEntrySchema(UTC_CLOCK, () => Date.parse('2026-03-03T00:00:00Z')),
    { sync: true },
  );
  const entry = (values: Partial<EntryValues>): EntryValues => ({
    panels: ['lipid'],
    date: '2026-03-02',
    time: '08:15',
    lab: '',
    values: {},
    ...values,
  });

  it('takes possible values of the panels chosen', () => {
    expect(errorsOf(entry({ values: { '2093-3': 180, '2085-9': 52 } }))).toEqual({});
  });

  it('refuses an impossible value at its field, with the server’s words', () => {
    expect(errorsOf(entry({ values: { '2093-3': 20000 } }))).toEqual({
      'values.2093-3': 'Total cholesterol of 20000 mg/dL is not possible: check the value (30 to 1000).',
    });
  });

  it('asks what the lab measured, then for one value at least', () => {
    expect(errorsOf(entry({ panels: [] }))).toEqual({ panels: 'Choose what the lab measured.' });
    expect(errorsOf(entry({}))).toEqual({ panels: 'Enter at least one value.' });
    // A value of a panel not chosen is not part of the result.
    expect(errorsOf(entry({ values: { '4548-4': 5.4 } }))).toEqual({ panels: 'Enter at least one value.' });
  });

  it('wants a day and a time, and no sample from the future on the clinic’s clock', () => {
    const values = { '2093-3': 180 };
    expect(errorsOf(entry({ values, date: '2026-03-04' }))).toEqual({
      time: 'A sample cannot be taken later than now.',
    });
    expect(errorsOf(entry({ values, date: '', time: '8' }))).toEqual({
      date: 'Enter the day the sample was taken.',
      time: RESULT_MESSAGES.time,
    });
  });
});

describe('the advice form', () => {
  const today = '2026-03-02';
  const schema = adviceFormSchema(today);
  const errorsOf = schemaResolver(schema, { sync: true });
  const advice = {
    category: 'sleep',
    title: ' Lights out by 23:00 ',
    why: 'Seven hours steady your blood sugar.',
    steps: [
      { id: 'a', text: ' No screens after 22:30 ' },
      { id: 'b', text: '  ' },
    ],
    review_on: '2026-03-16',
  };

  it('sends the advice trimmed, without the steps left empty', () => {
    expect(errorsOf(advice)).toEqual({});
    expect(v.parse(schema, advice)).toEqual({
      category: 'sleep',
      title: 'Lights out by 23:00',
      why: 'Seven hours steady your blood sugar.',
      steps: [{ id: 'a', text: 'No screens after 22:30' }],
      review_on: '2026-03-16',
    });
  });

  it('asks for the area, what to do and why, each at its field', () => {
    expect(errorsOf({ ...advice, category: '', title: ' ', why: '' })).toEqual({
      category: 'Choose the area the advice is about.',
      title: 'Say what to do.',
      why: 'Say why: the client follows advice they understand.',
    });
  });

  it('wants a review day from today to a year on', () => {
    expect(errorsOf({ ...advice, review_on: '' })).toEqual({ review_on: 'Choose a day to look at it again.' });
    expect(errorsOf({ ...advice, review_on: '2026-03-01' })).toEqual({
      review_on: 'Choose a day from today to a year on.',
    });
    expect(errorsOf({ ...advice, review_on: '2027-03-04' })).toEqual({
      review_on: 'Choose a day from today to a year on.',
    });
    expect(errorsOf({ ...advice, review_on: '2026-03-02' })).toEqual({});
  });
});
