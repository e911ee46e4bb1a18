export { AppointmentsPage } from './components/AppointmentsPage';
