/**
 * The unlock screen as static HTML, rendered at build time into a template in
 * index.html and into locked-start.html (vite.config.ts). A start with a saved
 * session on a device that keeps data always opens on it (the data key is
 * wrapped by the password), so it shows at once (src/app/static-unlock.ts),
 * its e-mail line blank until the first script fills it in, and the live app
 * takes over with the same markup.
 */
import { UnlockScreen } from '@/features/auth';
import { renderStatic } from './render-static';

export { UNLOCK_TEMPLATE_ID } from '../static-unlock';

const never = () => {
  throw new Error('The prerendered unlock screen checks no password.');
};

export function renderUnlockShell(): string {
  return renderStatic(
    <UnlockScreen
      email={null}
      signInNeeded={null}
      failure={null}
      onDismissFailure={never}
      unlocking={false}
      signingOut={false}
      onUnlock={never}
      onSignOut={never}
    />,
  );
}
