/** Where the API is mounted. */
export const API_BASE_PATH = '/api/v1';

/**
 * A write's answer, decided inside the write's transaction: so it can be
 * stored with an Idempotency-Key in that same transaction, and a retry of the
 * request answered with exactly the same status, headers and body.
 */
export interface Answer<T = unknown> {
  status: number;
  body: T;
  /** Headers that are part of the answer (ETag, Location); stored and replayed with it. */
  headers?: Readonly<Record<string, string>>;
}

/** An answer's body already written as JSON (by the database): sent as it is. */
export interface JsonText {
  json: string;
}
