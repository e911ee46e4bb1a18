export { recheckConsentWhenRefused } from './api/consent-required';
export { loadClientDetail } from './api/client-detail';
export { ClientConsentGate } from './components/ClientConsentGate';
export { NoConsentBadge } from './components/NoConsentBadge';
