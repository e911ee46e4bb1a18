import * as v from 'valibot';
import {
  ENROLLMENT_STATUSES,
  PROGRAMS,
  type EnrollmentCreate,
  type EnrollmentStatus,
  type Program,
} from './model/labels';
import { isIsoDate } from '@/lib/validation/formats';

/** The contract's limit on an enrollment's notes (openapi/clinic.yaml, Enrollment). */
export const NOTES_MAX = 2000;

export const ENROLLMENT_MESSAGES = {
  program: 'Choose the program to enroll in',
  status: 'Choose a status',
  startMissing: 'Enter the start date',
  date: 'Enter a date as YYYY-MM-DD',
  endBeforeStart: 'The end date cannot be before the start date',
  notes: `Notes can be at most ${NOTES_MAX} characters`,
} as const;

/** What the enrollment form holds, as typed. */
export interface EnrollmentFormValues {
  program: Program | '';
  status: EnrollmentStatus;
  start_date: string;
  end_date: string;
  notes: string;
}

/** The enrollment form's checks; its output is the new enrollment's body, without its user (the dialog adds it). */
export const EnrollmentFormSchema = v.pipe(
  v.object({
    program: v.picklist(PROGRAMS, ENROLLMENT_MESSAGES.program),
    status: v.picklist(ENROLLMENT_STATUSES, ENROLLMENT_MESSAGES.status),
    start_date: v.pipe(
      v.string(),
      v.nonEmpty(ENROLLMENT_MESSAGES.startMissing),
      v.check(isIsoDate, ENROLLMENT_MESSAGES.date),
    ),
    end_date: v.pipe(
      v.string(),
      v.check((text) => text === '' || isIsoDate(text), ENROLLMENT_MESSAGES.date),
      v.transform((text) => (text === '' ? null : text)),
    ),
    notes: v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(NOTES_MAX, ENROLLMENT_MESSAGES.notes),
      v.transform((text) => (text === '' ? null : text)),
    ),
  }),
  // ISO dates compare correctly as text; the server checks the same.
  v.forward(
    v.partialCheck(
      [['start_date'], ['end_date']],
      (input) => input.end_date === null || input.end_date >= input.start_date,
      ENROLLMENT_MESSAGES.endBeforeStart,
    ),
    ['end_date'],
  ),
) satisfies v.GenericSchema<EnrollmentFormValues, Omit<EnrollmentCreate, 'user'>>;
