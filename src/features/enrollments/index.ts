export { EnrollmentsPanel } from './components/EnrollmentsPanel';
export { programQueryOptions, programsQueryOptions } from './api/programs';
export { BehindBadge, ProgressBars, SessionDates, StatusChip } from './components/EnrollmentProgress';
export { ENROLLMENT_STATUSES, STATUS_LABELS as ENROLLMENT_STATUS_LABELS } from './model/labels';
export {
  THERAPY_COLORS,
  THERAPY_SHORT,
  therapyName,
  type EnrollmentProgress,
  type ProgramOverview,
  type Therapy,
} from './model/progress';
