export { prefetchVisit, visitListQueryOptions, visitQueryOptions } from './api/queries';
export { AppointmentVisitAction, StartVisitMenu } from './components/StartVisit';
export { VisitRecordPage } from './components/VisitRecordPage';
export { VisitScreen } from './components/VisitScreen';
export { VisitsToComplete } from './components/VisitsToComplete';
export { isVisitTherapy } from './model/links';
