/**
 * Messages between a client and the clinic: what a thread may hold and who
 * sees it, applied by the server and offered by the screens.
 */
import type { Role, SupportThreadStatus } from '../schema.gen.ts';

export const SUPPORT_SUBJECT_MAX = 120;
export const SUPPORT_TEXT_MAX = 4000;

/**
 * A thread is open while the clinic owes an answer: a client's message opens
 * it (again), a staff member's answers it.
 */
export function statusAfterMessage(fromClinic: boolean): SupportThreadStatus {
  return fromClinic ? 'answered' : 'open';
}

/**
 * Staff of the hub group see and answer the threads of their own clinic (the
 * clinic their profile names); SUPER_ADMIN those of every clinic. A client
 * sees only its own (access.ts, `support.read` and `support.write`).
 */
export function seesEveryClinic(role: Role | 'NO_ROLE'): boolean {
  return role === 'SUPER_ADMIN';
}
