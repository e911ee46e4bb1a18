export { DiscoveryPage } from './components/DiscoveryPage';
export { rememberRecentClient } from './api/recent';
export { useDiscoverySearchText } from './model/search-text';
