import type { UnlockResult } from '@/lib/storage/keyring';

/** What the unlock screen says after a try that did not open the data. */
export function unlockFailureMessage(result: Exclude<UnlockResult, { ok: true }>): string {
  if (result.reason === 'sign-in-needed') return UNLOCK_MESSAGES.signInNeeded;
  if (result.reason === 'passkey-refused') return UNLOCK_MESSAGES.passkeyRefused;
  const tries = result.triesLeft === 1 ? '1 more try' : `${result.triesLeft} more tries`;
  return `That password is not right. You have ${tries} before you need to sign in again.`;
}

export const UNLOCK_MESSAGES = {
  title: 'Welcome back',
  intro: 'Thrive is locked on this device. Enter the password of this account to carry on where you left off.',
  signInNeeded: 'Too many wrong passwords. For your safety, sign in again to open Thrive on this device.',
  /** Nothing here opens with a password alone (the tries were used up before, or this browser never held the key). */
  signInAgain: 'For your safety, sign in again to open Thrive on this device.',
  /** The device's storage failed while the password was checked: not a wrong password. */
  deviceError: 'Thrive could not read its data on this device. Try again; if it keeps failing, sign in again.',
  /** The passkey did not open the data: cancelled, or the device no longer has it (WebAuthn does not tell which). */
  passkeyRefused:
    'Your passkey did not unlock Thrive. It may have been cancelled or removed from this device. Use your password instead.',
  passkeyHint: 'Use the fingerprint, face or screen lock of this device. Your password works too.',
  passkeyOff: 'Passkey unlock is off on this device. Unlock with your password.',
  someoneElse:
    'Signing in as someone else signs this account out here. Anything it left unsent stays on this device, locked to it.',
} as const;
