import { restoreSession } from '@/lib/auth/amplify';
import {
  answerChallenge,
  confirmAccount,
  confirmContact,
  fetchContactStatus,
  resendAccountCode,
  sendContactCode,
  sendPasswordResetCode,
  setNewPasswordWithCode,
  signInWithPassword,
} from '@/lib/auth/sign-in';
import type { SignInServices } from './model/flow';

/** The sign-in flow's services over the identity service; `afterSignIn` lets the router move on. */
export function identityServices(afterSignIn: () => Promise<void>): SignInServices {
  return {
    signIn: signInWithPassword,
    answerChallenge,
    confirmAccount,
    resendAccountCode,
    sendPasswordResetCode,
    setNewPasswordWithCode,
    fetchContactStatus,
    sendContactCode,
    confirmContact,
    async completeSignIn() {
      await restoreSession();
      await afterSignIn();
    },
  };
}
