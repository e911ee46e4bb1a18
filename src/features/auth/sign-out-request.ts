import { useSyncExternalStore } from 'react';

/**
 * A sign-out waiting for the person to decide about their unsent changes: the
 * sign-out to carry out once they do. One at a time; the confirmation in the
 * shell shows while there is one.
 */
export interface SignOutRequest {
  /** Tells one request from the next. */
  id: number;
  signOut: () => void;
}

let pending: SignOutRequest | null = null;
let made = 0;
const listeners = new Set<() => void>();

function publish(next: SignOutRequest | null): void {
  pending = next;
  listeners.forEach((listener) => listener());
}

export function askBeforeSigningOut(signOut: () => void): void {
  made += 1;
  publish({ id: made, signOut });
}

export function settleSignOutRequest(): void {
  publish(null);
}

export function useSignOutRequest(): SignOutRequest | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending,
  );
}
