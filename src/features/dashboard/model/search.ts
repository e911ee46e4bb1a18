import * as v from 'valibot';
import { enrollmentStatusValues, type components } from '@contract';

// Not from ./labels: this module is read by the route before any screen loads, and stays small.
type EnrollmentStatus = components['schemas']['EnrollmentStatus'];

/** The status the dashboard shows unless told otherwise: the clients under way. */
export const DEFAULT_STATUS: EnrollmentStatus = 'active';

/**
 * What the dashboard keeps in its URL: the program, the enrollment status
 * ('any' for every status; active when absent) and the clinic. Anything
 * malformed is dropped rather than failing the page.
 */
const DashboardSearchSchema = v.object({
  program: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
  status: v.fallback(v.optional(v.picklist([...enrollmentStatusValues, 'any'])), undefined),
  clinic: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
});

export type DashboardSearch = v.InferOutput<typeof DashboardSearchSchema>;

export function parseDashboardSearch(input: Record<string, unknown>): DashboardSearch {
  const parsed = v.parse(DashboardSearchSchema, input);
  // Undefined keys would show as empty parameters in the URL; the default status is left out.
  return Object.fromEntries(
    Object.entries(parsed).filter(
      ([key, value]) => value !== undefined && !(key === 'status' && value === DEFAULT_STATUS),
    ),
  );
}

/** The API's filters for what the URL says. */
export function filtersOf(search: DashboardSearch): { status?: EnrollmentStatus; clinic?: string } {
  const status = search.status ?? DEFAULT_STATUS;
  return {
    ...(status === 'any' ? {} : { status }),
    ...(search.clinic ? { clinic: search.clinic } : {}),
  };
}
