import { useSyncExternalStore } from 'react';

/**
 * The client-side user state of spec section 3: role and username, both null
 * until known, read from the session token's claims. A tiny external store
 * (no context provider): React reads it with `useSession`, the router's guards
 * read `sessionStore.getSnapshot()` at the moment they run.
 */
export interface SessionState {
  authenticated: boolean;
  /** The raw `custom:role` claim; guards decide whether the app knows it. */
  role: string | null;
  /** The identity username, which is also the user's id in the API. */
  username: string | null;
  email: string | null;
  /**
   * Signed in, but this page does not hold the person's data key yet (after a
   * reload or a restart): nothing of theirs kept on the device is read until
   * they give their password at the unlock screen. Absent means false.
   */
  locked?: boolean;
}

export const SIGNED_OUT: SessionState = Object.freeze({
  authenticated: false,
  role: null,
  username: null,
  email: null,
});

export interface SessionSource {
  getSnapshot: () => SessionState;
  subscribe: (listener: () => void) => () => void;
}

export interface SessionStore extends SessionSource {
  /** The session as the tokens say; whether it is locked is the store's to decide (see `locks`). */
  set: (next: SessionState) => void;
  /**
   * Decides from now on whether a signed-in person is locked (their data key
   * is not held by this page), and again whenever `subscribe` calls back.
   */
  locks: (isLocked: (username: string) => boolean, subscribe: (listener: () => void) => () => void) => void;
}

export function createSessionStore(initial: SessionState = SIGNED_OUT): SessionStore {
  let state = initial;
  let isLocked: (username: string) => boolean = () => false;
  let stopFollowing: (() => void) | undefined;
  const listeners = new Set<() => void>();
  const set = (input: SessionState) => {
    const locked = input.authenticated && input.username !== null && isLocked(input.username);
    const next: SessionState = (input.locked ?? false) === locked ? input : { ...input, locked };
    if (
      next.authenticated === state.authenticated &&
      next.role === state.role &&
      next.username === state.username &&
      next.email === state.email &&
      (next.locked ?? false) === (state.locked ?? false)
    ) {
      return;
    }
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set,
    locks(check, subscribe) {
      isLocked = check;
      stopFollowing?.();
      stopFollowing = subscribe(() => set(state));
      set(state);
    },
  };
}

/** The one session of this page. */
export const sessionStore: SessionStore = createSessionStore();

/** The person whose data may be shown and changed: signed in and unlocked; null otherwise. */
export function openSessionUser(session: SessionState): string | null {
  return session.authenticated && !session.locked ? session.username : null;
}

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot);
}

type Claims = Readonly<Record<string, unknown>>;

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * The session from the tokens' claims: the username from the access token
 * (`username`, or the ID token's `cognito:username`), the role for the
 * screens from the ID token's `custom:role` or, after a reload (the ID token
 * lives in memory only, token-storage.ts), the same claim in the access token
 * (the identity service puts it there; the API never reads it), and the
 * e-mail from the ID token alone, null until one is here. No token means
 * signed out.
 */
export function sessionFromClaims(idToken: Claims | undefined, accessToken: Claims | undefined): SessionState {
  const username = text(idToken?.['cognito:username']) ?? text(accessToken?.['username']);
  if (!username) return SIGNED_OUT;
  return {
    authenticated: true,
    role: text(idToken?.['custom:role']) ?? text(accessToken?.['custom:role']),
    username,
    email: text(idToken?.['email']),
  };
}
