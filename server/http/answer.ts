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

/** An answer's body already written as JSON (by the database): sent as it is. */
export interface JsonText {
  json: string;
}

/**
 * Sends JSON text as the answer. The text goes to the socket as it is: a week's schedule is some 400 KB, and a
 * copy of it in a Buffer for each answer (as `res.send` makes) brought the API's garbage collector in every
 * few requests. When answers are checked against the contract (`validateResponses`), it goes through `res.json`
 * as an object, so the check sees it like any other answer.
 */
export function sendJsonText(res: Response, body: JsonText, { validating }: { validating: boolean }): void {
  if (validating) {
    res.json(JSON.parse(body.json));
    return;
  }
  res.type('application/json').set('Content-Length', String(Buffer.byteLength(body.json)));
  res.end(body.json);
}
