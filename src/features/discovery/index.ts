export { DiscoveryPage } from './components/DiscoveryPage';
export { rememberRecentClient } from './api/recent';
export { parseDiscoverySearch } from './model/search';
export { appointmentWhen, dateOf, dayOf } from './model/when';
