/**
 * The WebAuthn ceremonies of passkey unlock, through @simplewebauthn/browser:
 * loaded only when a passkey is made or asked for. No server takes part: the
 * passkey's PRF output unwraps the data key on the device (passkey-wrap.ts),
 * so unlocking works offline, and the identity service still owns sign-in.
 * The relying party is this origin (its host name).
 */
import {
  bufferToBase64URLString,
  startAuthentication,
  startRegistration,
  type AuthenticationExtensionsClientOutputs,
} from '@simplewebauthn/browser';
import { PRF_SALT_BYTES, type EnrolledPasskey, type PasskeyProof } from './passkey-wrap';

/** The person did not complete the passkey's check, or the device has no such passkey (WebAuthn does not say which). */
export class PasskeyNotCompleted extends Error {
  constructor(cause: unknown) {
    super('Thrive: the passkey was not used', { cause });
    this.name = 'PasskeyNotCompleted';
  }
}

/** The authenticator made a passkey but gives no PRF output: it cannot unlock Thrive. */
export class PasskeyWithoutPrf extends Error {
  constructor() {
    super('Thrive: this authenticator does not support the PRF extension');
    this.name = 'PasskeyWithoutPrf';
  }
}

/** A fresh challenge: nothing checks the signature, the PRF output is the proof, but WebAuthn asks for one. */
const challenge = () => bufferToBase64URLString(crypto.getRandomValues(new Uint8Array(32)).buffer);

/** The WebAuthn user handle: a hash of the username, so making the passkey again replaces it on the device. */
async function userHandle(username: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`thrive-passkey-user:${username}`));
  return bufferToBase64URLString(digest);
}

/** The PRF output as bytes of its own (the browser hands an ArrayBuffer). */
function prfFirst(results: AuthenticationExtensionsClientOutputs): Uint8Array<ArrayBuffer> | null {
  const first: unknown = results.prf?.results?.first;
  if (first instanceof ArrayBuffer) return new Uint8Array(first.slice(0));
  if (ArrayBuffer.isView(first))
    return new Uint8Array(
      first.buffer.slice(first.byteOffset, first.byteOffset + first.byteLength),
    ) as Uint8Array<ArrayBuffer>;
  return null;
}

/** Asks the passkey for its PRF output to `prfSalt` (the person passes the device's check first). */
export async function askPasskey(passkey: EnrolledPasskey): Promise<PasskeyProof> {
  let answer;
  try {
    answer = await startAuthentication({
      optionsJSON: {
        challenge: challenge(),
        rpId: window.location.hostname,
        allowCredentials: [{ id: passkey.credentialId, type: 'public-key', transports: ['internal', 'hybrid'] }],
        userVerification: 'required',
        timeout: 120_000,
        extensions: { prf: { eval: { first: passkey.prfSalt } } },
      },
    });
  } catch (error) {
    throw new PasskeyNotCompleted(error);
  }
  const prfOutput = prfFirst(answer.clientExtensionResults);
  if (!prfOutput) throw new PasskeyWithoutPrf();
  return { credentialId: answer.id, prfOutput };
}

/**
 * Makes a platform passkey for unlocking Thrive on this device, with the PRF
 * extension, and reads its output for a new per-person salt. Some
 * authenticators give the output only when the passkey is used, not when it is
 * made: then it is asked for once more at once.
 */
export async function makePasskey(
  username: string,
  label: string,
): Promise<EnrolledPasskey & { prfOutput: BufferSource }> {
  const prfSalt = crypto.getRandomValues(new Uint8Array(PRF_SALT_BYTES));
  let made;
  try {
    made = await startRegistration({
      optionsJSON: {
        challenge: challenge(),
        rp: { id: window.location.hostname, name: 'Thrive' },
        user: { id: await userHandle(username), name: label, displayName: label },
        pubKeyCredParams: [
          { type: 'public-key', alg: -7 },
          { type: 'public-key', alg: -257 },
        ],
        authenticatorSelection: {
          authenticatorAttachment: 'platform',
          userVerification: 'required',
          residentKey: 'preferred',
        },
        attestation: 'none',
        timeout: 120_000,
        extensions: { prf: { eval: { first: prfSalt } } },
      },
    });
  } catch (error) {
    throw new PasskeyNotCompleted(error);
  }
  const results = made.clientExtensionResults;
  if (results.prf?.enabled === false || results.prf === undefined) throw new PasskeyWithoutPrf();
  const passkey = { credentialId: made.id, prfSalt };
  const prfOutput = prfFirst(results) ?? (await askPasskey(passkey)).prfOutput;
  return { ...passkey, prfOutput };
}
