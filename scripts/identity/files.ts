/**
 * Where the local identity service keeps its files inside `identityDir`, and the
 * small list of users who must enrol an authenticator app at their next sign-in.
 *
 * cognito-local reads `.cognito/` relative to its working directory, so the
 * emulator runs with `identityDir` as cwd and these paths mirror its layout.
 */
import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface IdentityFiles {
  /** cognito-local's own configuration (issuer domain, pool defaults). */
  configFile: string;
  /** The app clients of every pool. */
  clientsFile: string;
  /** One pool: its options and its users. */
  poolFile: string;
  /** Usernames the proxy sends through the MFA_SETUP challenge (ours, not cognito-local's). */
  mfaSetupFile: string;
  /** The emulator's log (kept out of the console). */
  logFile: string;
  /** Pid of a running emulator, so offline edits of the pool file can refuse to race it. */
  pidFile: string;
  /** The emulator's Unix socket: reached only by the proxy (and whoever may enter `identityDir`). */
  emulatorSocket: string;
  /** The private key the proxy signs tokens with, made for this install (mode 0600). */
  signingKeyFile: string;
  /** The secret admin calls are signed with (AWS SigV4); the API's identity client holds it (mode 0600). */
  adminSecretFile: string;
  /** Users' global sign-outs: refresh and access tokens issued before are refused. */
  signOutsFile: string;
}

export function identityFiles(identityDir: string, userPoolId: string): IdentityFiles {
  const cognitoDir = path.join(identityDir, '.cognito');
  return {
    configFile: path.join(cognitoDir, 'config.json'),
    clientsFile: path.join(cognitoDir, 'db', 'clients.json'),
    poolFile: path.join(cognitoDir, 'db', `${userPoolId}.json`),
    mfaSetupFile: path.join(identityDir, 'mfa-setup.json'),
    logFile: path.join(identityDir, 'emulator.log'),
    pidFile: path.join(identityDir, 'emulator.pid'),
    emulatorSocket: path.join(identityDir, 'emulator.sock'),
    signingKeyFile: path.join(identityDir, 'signing-key.json'),
    adminSecretFile: path.join(identityDir, 'admin-secret'),
    signOutsFile: path.join(identityDir, 'sign-outs.json'),
  };
}

/** Shape of `mfa-setup.json`. */
interface MfaSetupList {
  usernames: string[];
}

/**
 * Writes through a temporary file and a rename, so a crash mid-write never
 * leaves a half-written JSON file that the emulator would refuse to load.
 */
export async function writeFileAtomic(file: string, content: string, mode?: number): Promise<void> {
  const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, content, mode === undefined ? {} : { mode });
  await rename(temporary, file);
}

/** The usernames that must set up TOTP; an absent file means nobody. */
export async function readMfaSetupUsernames(file: string): Promise<Set<string>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Set();
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<MfaSetupList>;
  return new Set(Array.isArray(parsed.usernames) ? parsed.usernames.filter((u) => typeof u === 'string') : []);
}

export async function writeMfaSetupUsernames(file: string, usernames: Iterable<string>): Promise<void> {
  const list: MfaSetupList = { usernames: [...new Set(usernames)].sort() };
  await writeFileAtomic(file, `${JSON.stringify(list, null, 2)}\n`);
}
