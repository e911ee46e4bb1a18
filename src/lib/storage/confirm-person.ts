import { keyring as pageKeyring, type Keyring } from './keyring';
import type { EnrolledPasskey, PasskeyProof } from './passkey-wrap';

/** How the person at the screen shows it is them: their password, or their passkey on this device. */
export type ConfirmWith = { password: string } | { passkey: true };

export interface ConfirmPersonOptions {
  keyring?: Pick<Keyring, 'confirm' | 'passkeyOf'>;
  /** Runs the passkey's check; the WebAuthn ceremony, loaded when first asked, by default. */
  askPasskey?: (passkey: EnrolledPasskey) => Promise<PasskeyProof>;
}

const ceremony = async (passkey: EnrolledPasskey) => (await import('./passkey-ceremony')).askPasskey(passkey);

/**
 * Whether the signed-in person is the one at the screen, for a step that must
 * be theirs (signing a clinical record, say): their password or their passkey
 * is checked against their own wrapped data key on this device, offline too.
 * Changes nothing: no wrong try is counted and no key is held or dropped. A
 * passkey not completed (cancelled, or no longer on the device) is a no.
 */
export async function confirmPerson(
  username: string,
  how: ConfirmWith,
  { keyring = pageKeyring, askPasskey = ceremony }: ConfirmPersonOptions = {},
): Promise<boolean> {
  if ('password' in how) return keyring.confirm(username, { password: how.password });
  const passkey = await keyring.passkeyOf(username);
  if (!passkey) return false;
  let proof: PasskeyProof;
  try {
    proof = await askPasskey(passkey);
  } catch {
    return false;
  }
  return keyring.confirm(username, { passkey: proof });
}
