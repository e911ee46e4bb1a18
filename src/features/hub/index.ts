export { HubPage } from './components/HubPage';
