export { LoginPage } from './components/LoginPage';
export { useSignOut } from './useSignOut';
export { askBeforeSigningOut, settleSignOutRequest, useSignOutRequest } from './sign-out-request';
export type { SignInServices } from './model/flow';
export { UnlockPage } from './components/UnlockPage';
export { UnlockScreen } from './components/UnlockScreen';
export { PasskeyOffer } from './components/PasskeyOffer';
export { ConfirmIdentity } from './components/ConfirmIdentity';
