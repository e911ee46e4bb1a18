export { HubPage } from './components/HubPage';
export { HUB_CRUMB } from './crumbs';
