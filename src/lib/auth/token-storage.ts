import type { KeyValueStorageInterface } from 'aws-amplify/utils';
import { TOKEN_KEY_PREFIX } from './token-keys';

/**
 * What the identity SDK keeps only in this page's memory: the ID token (it
 * carries the person's e-mail and name) and the sign-in details (the e-mail
 * typed at sign-in). Nothing needs them after sign-in: the session takes the
 * username and the role for the screens from the access token, and a reload
 * learns the e-mail again from the next refresh (amplify.ts). So no copy of
 * the browser's storage holds a token that carries the person's e-mail or
 * name, during a session or after it.
 */
const MEMORY_ONLY = ['.idToken', '.signInDetails'];

const memoryOnly = (key: string) => MEMORY_ONLY.some((suffix) => key.endsWith(suffix));

/** `storage` (the device's localStorage or the tab's sessionStorage) with the ID token kept in memory instead. */
export function withIdTokenInMemory(storage: KeyValueStorageInterface): KeyValueStorageInterface {
  const memory = new Map<string, string>();
  return {
    async setItem(key, value) {
      if (!memoryOnly(key)) return storage.setItem(key, value);
      memory.set(key, value);
      // One an earlier build kept there goes.
      await storage.removeItem(key);
    },
    getItem(key) {
      return memoryOnly(key) ? Promise.resolve(memory.get(key) ?? null) : storage.getItem(key);
    },
    removeItem(key) {
      memory.delete(key);
      return storage.removeItem(key);
    },
    async clear() {
      memory.clear();
      await storage.clear();
    },
  };
}

/** Deletes ID tokens and sign-in details an earlier build left in `storage` (they are never read from there). */
export function forgetStoredIdTokens(storage: Storage): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(TOKEN_KEY_PREFIX) && memoryOnly(key)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}
