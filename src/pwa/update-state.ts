/**
 * Whether a new version of Thrive is ready (spec section 2's notice). Two
 * sources set it: the service worker (a new worker installed and waiting) and
 * the version file (/version.json names another build). No React here: the
 * prerendered sign-in page watches it before the app has loaded (src/main.tsx).
 */
export type UpdateSource = 'service-worker' | 'version-file';

export interface UpdateState {
  available: boolean;
  source: UpdateSource | null;
}

const NONE: UpdateState = Object.freeze({ available: false, source: null });

let state: UpdateState = NONE;
const listeners = new Set<() => void>();

export const updateState = {
  getSnapshot: (): UpdateState => state,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The first source to report wins; the notice is the same either way. */
  report(source: UpdateSource): void {
    if (state.available) return;
    state = { available: true, source };
    for (const listener of listeners) listener();
  },
};
