export { DiscoveryPage } from './components/DiscoveryPage';
export { useRememberRecentClient } from './api/recent';
export { useDiscoverySearchText } from './model/search-text';
