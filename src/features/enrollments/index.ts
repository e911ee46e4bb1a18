export { EnrollmentsPanel } from './components/EnrollmentsPanel';
