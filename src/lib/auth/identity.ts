/**
 * The identity SDK, loaded when it is first needed rather than with the app:
 * at start when this device holds a saved session, otherwise when the person
 * starts to sign in (or the page is idle). A sign-in page with nobody signed
 * in then starts without Amplify's 40 KiB on its critical path. Every caller
 * gets the SDK configured, and on a kiosk with its tokens kept in the tab.
 */
import type { AuthConfig } from './amplify';

export interface IdentitySettings extends AuthConfig {
  /** Kiosk devices keep the tokens for this tab only (device-tokens.ts). */
  tokensInTabOnly: boolean;
}

const modules = () =>
  Promise.all([import('./amplify'), import('./device-tokens'), import('./delivery-credential')]).then(
    ([session, tokens, delivery]) => ({ session, tokens, delivery }),
  );

export type Identity = Awaited<ReturnType<typeof modules>>;

let settings: IdentitySettings | undefined;
let loading: Promise<Identity> | undefined;
let loaded: Identity | undefined;
const onLoad = new Set<(identity: Identity) => void>();

/**
 * Runs `listener` with the SDK once it has loaded (at once if it has), without loading it: what must be wired
 * to the session (sign-out hooks, expiry) is in place before anyone can have one.
 */
export function whenIdentityLoaded(listener: (identity: Identity) => void): () => void {
  if (loaded) listener(loaded);
  else onLoad.add(listener);
  return () => onLoad.delete(listener);
}

/** Called once at start, before anything loads the SDK. */
export function configureIdentity(next: IdentitySettings): void {
  settings = next;
}

/** The configured identity SDK (loaded once). */
export function loadIdentity(): Promise<Identity> {
  loading ??= modules().then((identity) => {
    if (!settings) throw new Error('Thrive: the identity service is used before it is configured');
    identity.session.configureAuth(settings);
    // Decided before anything reads the session.
    if (settings.tokensInTabOnly) identity.tokens.keepTokensForThisTabOnly();
    else identity.tokens.keepTokensOnDevice();
    loaded = identity;
    for (const listener of onLoad) listener(identity);
    onLoad.clear();
    return identity;
  });
  return loading;
}

const signInSteps = () => import('./sign-in');

/** The sign-in steps, with the SDK configured. */
export async function loadSignIn(): Promise<Awaited<ReturnType<typeof signInSteps>>> {
  const [, steps] = await Promise.all([loadIdentity(), signInSteps()]);
  return steps;
}
