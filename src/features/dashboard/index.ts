import { lazyRouteComponent } from '@tanstack/react-router';

/**
 * One program's page, with its chart, loads only when /thrive-dashboard/{id} opens, or is pointed at (the
 * route's loader calls `preload`).
 */
export const ProgramPage = lazyRouteComponent(() => import('./components/ProgramPage'), 'ProgramPage');
export { DashboardLoadError } from './components/DashboardLoadError';
export { ThriveDashboardPage } from './components/ThriveDashboardPage';
export { filtersOf, parseDashboardSearch } from './model/search';
