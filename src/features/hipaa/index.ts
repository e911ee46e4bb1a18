export { loadClientDetail } from './api/client-detail';
export { ClientConsentGate } from './components/ClientConsentGate';
