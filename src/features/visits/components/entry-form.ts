import { schemaResolver, useForm } from '@mantine/form';
import { entryInstant, useClock, wallTime } from '@/lib/intl';
import { useVisitEditing } from './visit-context';

type Schema = Parameters<typeof schemaResolver>[0];

/**
 * The form of a new entry of the visit (vitals, a reaction), checked by its
 * schema as typed and on leaving a field. Its time of day starts at now on the
 * clinic's clock, and becomes the instant it names on the visit's day (or a later day up to today, for a visit
 * still charted after midnight).
 */
export function useEntryForm<Values extends { time: string }>(schema: Schema, initial: Omit<Values, 'time'>) {
  const { day } = useVisitEditing();
  const clock = useClock();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { ...initial, time: wallTime(new Date(), clock) } as Values,
    validate: schemaResolver(schema, { sync: true }),
    validateInputOnBlur: true,
  });
  return { form, instantOf: (time: string) => entryInstant(day, time, clock, new Date()) };
}
