/** What the clinic sends a client (confirmations, reminders, notices), how each went, and the client's channels. */
export { AppointmentMessages } from './components/AppointmentMessages';
export { ClientMessages } from './components/ClientMessages';
