export { LoginPage } from './components/LoginPage';
export { useSignOut } from './useSignOut';
export { settleSignOutRequest, useSignOutRequest } from './sign-out-request';
export { UnlockPage } from './components/UnlockPage';
