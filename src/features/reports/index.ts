export { loadReports } from './api/load';
export { Reports } from './components/Reports';
export { ReportsLoadError } from './components/ReportsLoadError';
export { parseReportsSearch } from './model/report-filter';
