import { loadIdentity, loadSignIn } from '@/lib/auth/identity';
import { keyring } from '@/lib/storage/keyring';
import type { SignInServices } from './model/flow';

/**
 * The sign-in flow's services over the identity service; `afterSignIn` lets the router move on. The identity
 * SDK loads with the first call, if the page has not loaded it already (src/lib/auth/identity.ts).
 */
export function identityServices(afterSignIn: () => Promise<void>): SignInServices {
  return {
    signIn: async (email, password) => (await loadSignIn()).signInWithPassword(email, password),
    answerChallenge: async (email, response) => (await loadSignIn()).answerChallenge(email, response),
    confirmAccount: async (email, code) => (await loadSignIn()).confirmAccount(email, code),
    resendAccountCode: async (email) => (await loadSignIn()).resendAccountCode(email),
    sendPasswordResetCode: async (email) => (await loadSignIn()).sendPasswordResetCode(email),
    setNewPasswordWithCode: async (email, code, password) =>
      (await loadSignIn()).setNewPasswordWithCode(email, code, password),
    fetchContactStatus: async () => (await loadSignIn()).fetchContactStatus(),
    sendContactCode: async (contact) => (await loadSignIn()).sendContactCode(contact),
    confirmContact: async (contact, code) => (await loadSignIn()).confirmContact(contact, code),
    async completeSignIn(password) {
      const session = await (await loadIdentity()).session.restoreSession();
      // Where the device keeps data, the identity service has just checked the password: it opens (or makes) the data key.
      if (session.locked && session.username) {
        await keyring.openWithVerifiedPassword(session.username, password, {
          // Loaded here, off the sign-in page's first load.
          offerPasskey: await (await import('./model/passkey')).passkeyOfferWanted(),
        });
      }
      await afterSignIn();
    },
  };
}
