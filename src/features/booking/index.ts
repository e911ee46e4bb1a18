export { BookTestPage } from './components/BookTestPage';
export { InClinicPage } from './components/InClinicPage';
export { IntakeCallPage } from './components/IntakeCallPage';
