import { restoreSession } from '@/lib/auth/amplify';
import { keyring } from '@/lib/storage/keyring';
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
    async completeSignIn(password) {
      const session = await restoreSession();
      // Where the device keeps data, the identity service has just checked the password: it opens (or makes) the data key.
      if (session.locked && session.username) await keyring.openWithVerifiedPassword(session.username, password);
      await afterSignIn();
    },
  };
}
