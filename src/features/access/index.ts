export { UnauthorizedPage } from './components/UnauthorizedPage';
