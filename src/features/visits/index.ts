export { TherapyVisitPage } from './components/TherapyVisitPage';
