/**
 * A write's answer, decided inside the write's transaction: so it can be
 * stored with an Idempotency-Key in that same transaction, and a retry of the
 * request answered with exactly the same status, headers and body.
 */
import type { Response } from 'express';

/** Where the API is mounted. */
export const API_BASE_PATH = '/api/v1';

export interface Answer<T = unknown> {
  status: number;
  body: T;
  /** Headers that are part of the answer (ETag, Location); stored and replayed with it. */
  headers?: Readonly<Record<string, string>>;
}

export function sendAnswer(res: Response, answer: Answer): void {
  res.status(answer.status).set(answer.headers ?? {});
  if (answer.body === undefined || answer.body === null) res.end();
  else res.json(answer.body);
}
