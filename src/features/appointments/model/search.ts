import * as v from 'valibot';
import type { ResourceKind } from './labels';

const RESOURCE_KINDS: readonly ResourceKind[] = [
  'iv_chair',
  'hbot_chamber',
  'hbot_seat',
  'red_light',
  'pemf',
  'sauna',
  'consultation_room',
];

/** What the schedule shows lives in the URL: back, forward and reload keep it. Anything malformed is dropped. */
const AppointmentsSearchSchema = v.object({
  clinic: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
  date: v.fallback(v.optional(v.pipe(v.string(), v.isoDate())), undefined),
  view: v.fallback(v.optional(v.picklist(['day', 'week'])), undefined),
  kind: v.fallback(v.optional(v.picklist(RESOURCE_KINDS)), undefined),
});

export type AppointmentsSearch = v.InferOutput<typeof AppointmentsSearchSchema>;

export function parseAppointmentsSearch(search: Record<string, unknown>): AppointmentsSearch {
  const parsed = v.parse(AppointmentsSearchSchema, search);
  // Undefined keys would show as empty parameters in the URL.
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined));
}
