/**
 * Sign-in throttling per account, as Amazon Cognito does it: after five
 * failed sign-ins in a row an account is locked for 1 second, and each
 * further failure doubles the lock, up to about 15 minutes. Attempts while
 * locked are refused without looking at the password; a success, or 15
 * minutes without a failure, starts the count again.
 * https://docs.aws.amazon.com/cognito/latest/developerguide/authentication.html#authentication-flow-lockout
 */

export interface SignInThrottleOptions {
  /** Failures allowed before the first lock. */
  freeAttempts: number;
  /** The first lock; each further failure doubles it. */
  firstLockMs: number;
  /** The longest lock; also how long after the last failure the count starts again. */
  maxLockMs: number;
}

export const COGNITO_SIGN_IN_THROTTLE: SignInThrottleOptions = {
  freeAttempts: 5,
  firstLockMs: 1_000,
  maxLockMs: 15 * 60 * 1_000,
};

interface Failures {
  count: number;
  lastAt: number;
  lockedUntil: number;
}

export interface SignInThrottle {
  /** Whether the account may try now; false while it is locked. */
  mayTry(account: string): boolean;
  failed(account: string): void;
  succeeded(account: string): void;
}

export function createSignInThrottle(
  options: SignInThrottleOptions = COGNITO_SIGN_IN_THROTTLE,
  now: () => number = Date.now,
): SignInThrottle {
  const failures = new Map<string, Failures>();
  const key = (account: string) => account.trim().toLowerCase();

  function current(account: string): Failures | undefined {
    const entry = failures.get(key(account));
    if (entry && now() - entry.lastAt > options.maxLockMs) {
      failures.delete(key(account));
      return undefined;
    }
    return entry;
  }

  return {
    mayTry(account) {
      const entry = current(account);
      return entry === undefined || now() >= entry.lockedUntil;
    },
    failed(account) {
      const entry = current(account) ?? { count: 0, lastAt: 0, lockedUntil: 0 };
      entry.count += 1;
      entry.lastAt = now();
      const over = entry.count - options.freeAttempts;
      if (over >= 0) entry.lockedUntil = entry.lastAt + Math.min(options.firstLockMs * 2 ** over, options.maxLockMs);
      failures.set(key(account), entry);
    },
    succeeded(account) {
      failures.delete(key(account));
    },
  };
}
