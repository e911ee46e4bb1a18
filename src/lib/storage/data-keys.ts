/**
 * The data keys this page holds, by person: unwrapped by the keyring
 * (keyring.ts) at sign-in or unlock, kept in memory only, dropped at
 * sign-out. Apart from the keyring so the first screen does not load the
 * key-derivation code to ask whether someone is locked.
 */
export interface DataKeys {
  keyOf: (username: string) => CryptoKey | undefined;
  hold: (username: string, key: CryptoKey) => void;
  forget: (username: string) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createDataKeys(): DataKeys {
  const keys = new Map<string, CryptoKey>();
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  return {
    keyOf: (username) => keys.get(username),
    hold(username, key) {
      keys.set(username, key);
      changed();
    },
    forget(username) {
      if (keys.delete(username)) changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The data keys of this page. */
export const dataKeys: DataKeys = createDataKeys();
