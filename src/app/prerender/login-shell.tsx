/**
 * The sign-in screen as static HTML, rendered at build time into login.html
 * (vite.config.ts): the page paints from the HTML and its stylesheet alone,
 * and the app, once started, takes over with the same markup (src/lib/shell-handover.ts).
 * Built with the same theme and components as the live screen, so the two
 * cannot drift apart.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LoginPage, type SignInServices } from '@/features/auth';
import { renderStatic } from './render-static';

/** Never called: the static page is replaced by the live one before anyone can submit it. */
const unavailable = () => Promise.reject(new Error('The prerendered sign-in page has no identity service.'));
const noServices: SignInServices = {
  signIn: unavailable,
  answerChallenge: unavailable,
  confirmAccount: unavailable,
  resendAccountCode: unavailable,
  sendPasswordResetCode: unavailable,
  setNewPasswordWithCode: unavailable,
  fetchContactStatus: unavailable,
  sendContactCode: unavailable,
  confirmContact: unavailable,
  completeSignIn: unavailable,
};

export function renderLoginShell(): string {
  return renderStatic(
    <QueryClientProvider client={new QueryClient()}>
      <LoginPage services={noServices} />
    </QueryClientProvider>,
  );
}
