export { DiscoveryPage } from './components/DiscoveryPage';
