import { TOKEN_KEY_PREFIX } from './token-keys';

/** A JWT's claims, decoded without checking the token: for display only, never for a decision. */
function claimsOf(token: string): Record<string, unknown> | null {
  try {
    const part = token.split('.')[1] ?? '';
    const bytes = Uint8Array.from(atob(part.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The e-mail of the session saved in `storage` (its last user's ID token),
 * read without the identity SDK, so the first screen can name the person
 * before the SDK has loaded; null when there is none.
 */
export function savedSessionEmail(storage: Storage): string | null {
  const lastUser = '.LastAuthUser';
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key?.startsWith(TOKEN_KEY_PREFIX) || !key.endsWith(lastUser)) continue;
    const username = storage.getItem(key);
    const token = username && storage.getItem(`${key.slice(0, -lastUser.length)}.${username}.idToken`);
    const email = token ? claimsOf(token)?.['email'] : undefined;
    if (typeof email === 'string' && email !== '') return email;
  }
  return null;
}
