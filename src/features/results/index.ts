export { clientResultsQueryOptions } from './api/queries';
export { AdviceDueCard } from './components/AdviceDueCard';
export { ClientAdvice } from './components/ClientAdvice';
export { ClientAdvicePanel } from './components/ClientAdvicePanel';
export { ClientLabReports } from './components/ClientLabReports';
export { ClientResultsPanel } from './components/ClientResultsPanel';
export { CriticalResultsCard } from './components/CriticalResultsCard';
export { latestLipids, type LatestLipids } from './model/reading';
