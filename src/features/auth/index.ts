export { LoginPage } from './components/LoginPage';
export { useSignOut } from './useSignOut';
