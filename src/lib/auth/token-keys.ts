/** Amplify keeps a session under `CognitoIdentityServiceProvider.<app client>.<user>.<token>` keys. */
export const TOKEN_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

/** Whether this device may hold a session: any identity key in either storage (reading it needs the SDK). */
export function mayHoldSession(storages: Storage[] = [window.localStorage, window.sessionStorage]): boolean {
  return storages.some((storage) => {
    for (let i = 0; i < storage.length; i++) if (storage.key(i)?.startsWith(TOKEN_KEY_PREFIX)) return true;
    return false;
  });
}
