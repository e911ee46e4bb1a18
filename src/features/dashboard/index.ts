export { EnrollmentProgressPage, ThriveDashboardPage } from './components/ThriveDashboardPage';
