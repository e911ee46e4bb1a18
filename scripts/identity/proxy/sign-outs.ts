/**
 * GlobalSignOut, which the emulator lacks: when each user last signed out
 * everywhere, kept in a file across restarts. Tokens issued before it are refused.
 */
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../files.ts';
import { isJson } from './cognito.ts';

export interface SignOuts {
  /** Whether `username` signed out everywhere after a token issued at `issuedAt` (seconds) was made. */
  since(username: string, issuedAt: number): boolean;
  record(username: string): Promise<void>;
}

export async function loadSignOuts(file: string, clock: () => number): Promise<SignOuts> {
  const signOuts = await readSignOuts(file);
  let written = Promise.resolve();
  return {
    since(username, issuedAt) {
      const at = signOuts.get(username.toLowerCase());
      // Whole seconds: a token of the sign-out's own second counts as before it.
      return at !== undefined && issuedAt * 1000 < at;
    },
    async record(username) {
      signOuts.set(username.toLowerCase(), clock());
      const content = `${JSON.stringify(Object.fromEntries(signOuts), null, 2)}\n`;
      // One write after another: each writes the whole list, so the last one holds every sign-out.
      written = written.then(() => writeFileAtomic(file, content, 0o600));
      await written;
    },
  };
}

/** The global sign-outs kept so far (username -> when, in ms); none when the file is not there yet. */
async function readSignOuts(file: string): Promise<Map<string, number>> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (!isJson(parsed)) return new Map();
    return new Map(Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw error;
  }
}
