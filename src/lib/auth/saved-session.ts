import { TOKEN_KEY_PREFIX } from './token-keys';

/**
 * Whether `storage` holds a saved session (its last user's tokens), read
 * without the identity SDK, so the first screen knows before the SDK has
 * loaded that this start opens locked. It reads no token: the ID token, which
 * names the person, is never stored (token-storage.ts).
 */
export function holdsSavedSession(storage: Storage): boolean {
  const lastUser = '.LastAuthUser';
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key?.startsWith(TOKEN_KEY_PREFIX) || !key.endsWith(lastUser)) continue;
    const username = storage.getItem(key);
    const tokens = username && `${key.slice(0, -lastUser.length)}.${username}`;
    if (tokens && (storage.getItem(`${tokens}.refreshToken`) || storage.getItem(`${tokens}.accessToken`))) return true;
  }
  return false;
}
