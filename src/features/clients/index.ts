export { ClientDetailsPage } from './components/ClientDetailsPage';
export { ClientDiscoveryPage } from './components/ClientDiscoveryPage';
export { ClientLoadError } from './components/ClientLoadError';
export { ClientProfilePage } from './components/ClientProfilePage';
export { loadClient } from './api/load-client';
export { clientPages } from './client-pages';
