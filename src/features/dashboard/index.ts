import { lazy } from 'react';

/** One program's page, with its chart, loads only when /thrive-dashboard/{id} opens. */
export const ProgramPage = lazy(() =>
  import('./components/ProgramPage').then((module) => ({ default: module.ProgramPage })),
);
export { programQueryOptions, programsQueryOptions } from './api/queries';
export { DashboardLoadError } from './components/DashboardLoadError';
export { BehindBadge, ProgressBars, SessionDates, StatusChip } from './components/EnrollmentProgress';
export { ThriveDashboardPage } from './components/ThriveDashboardPage';
export { filtersOf, parseDashboardSearch } from './model/search';
