export { PortalHomePage } from './components/PortalHomePage';
export { PortalProfilePage } from './components/PortalProfilePage';
export { PortalScreenPage } from './components/PortalScreenPage';
