/**
 * What the clinic sends a client (confirmations, reminders, notices), how each went, and the client's channels;
 * the care inbox's alerts that did not go out; how each clinic's messages go out.
 */
export { AppointmentMessages } from './components/AppointmentMessages';
export { ClientMessages } from './components/ClientMessages';
export { FailedStaffAlerts } from './components/FailedStaffAlerts';
export { ClinicMessagingPanel } from './components/ClinicMessagingPanel';
