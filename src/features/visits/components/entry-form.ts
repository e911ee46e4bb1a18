import { schemaResolver, useForm } from '@mantine/form';
import { observationTimeProblem } from '@contract';
import { entryInstant, useClock, wallTime } from '@/lib/intl';
import { chartCheckClock } from '../model/timing';
import { useVisitDay } from './visit-context';

type Schema = Parameters<typeof schemaResolver>[0];

/**
 * The form of a new entry of the visit (vitals, a reaction), checked by its
 * schema as typed and on leaving a field. Its time of day starts at now on the
 * clinic's clock, and becomes the instant it names on the visit's day (or a later day up to today, for a visit
 * still charted after midnight). `onSubmit` hands over the values with that instant, or, where the chart's checks
 * would refuse the time (later than now, long before the visit began), says why at the time field.
 */
export function useEntryForm<Values extends { time: string }>(schema: Schema, initial: Omit<Values, 'time'>) {
  const { day, openedAt } = useVisitDay();
  const clock = useClock();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { ...initial, time: wallTime(new Date(), clock) } as Values,
    validate: schemaResolver(schema, { sync: true }),
    validateInputOnBlur: true,
  });
  const onSubmit = (add: (values: Values, at: string) => void) =>
    form.onSubmit((values) => {
      const now = new Date();
      const at = entryInstant(day, values.time, clock, now);
      const problem = observationTimeProblem(Date.parse(at), chartCheckClock(clock, openedAt, now));
      if (problem) form.setFieldError('time', problem);
      else add(values, at);
    });
  return { form, onSubmit };
}
