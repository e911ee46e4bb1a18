export { BackofficePage } from './components/BackofficePage';
export { UserLoadError } from './components/UserLoadError';
export { UserPage } from './components/UserPage';
export { UsersPage } from './components/UsersPage';
