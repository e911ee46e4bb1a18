/**
 * A visit's sign-off as an electronic signature (21 CFR 11.50 and 11.200):
 * what it means, in words the signer reads before signing and the record
 * prints beside the printed name, role and time; and how the signer shows
 * it is them at that moment. The sign-off dialog offers these, the server
 * stores the meaning and the words, and every record shows them.
 */
import type { Reauthentication, SignatureMeaning } from '../schema.gen.ts';

export const SIGNATURE_MEANINGS: Readonly<Record<SignatureMeaning, { label: string; statement: string }>> = {
  performed: {
    label: 'Performed and signed',
    statement: 'I gave or supervised this session, and this record of it is accurate and complete.',
  },
  reviewed: {
    label: 'Reviewed and signed',
    statement: 'I reviewed this record, and it is accurate and complete.',
  },
};

/** @public How each way of re-authenticating reads on a signed record. */
export const REAUTHENTICATION_LABELS: Readonly<Record<Reauthentication, string>> = {
  password: 'password re-entered',
  passkey: 'passkey confirmed',
};

/** The meaning and its words as the record prints them: "Reviewed and signed: I reviewed this record, …". */
export function signatureMeaningText(meaning: SignatureMeaning): string {
  const { label, statement } = SIGNATURE_MEANINGS[meaning];
  return `${label}: ${statement}`;
}
