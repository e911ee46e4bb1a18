/**
 * The Idempotency-Key of every POST, PUT and PATCH, at the door: a retry is
 * answered from the kept answer, a key reused for another request is refused,
 * and a new key is handed to the operation (core/idempotency-store.ts keeps it
 * with the change).
 */
import type { RequestHandler, Response } from 'express';
import type { IdempotencyClaim } from '../core/actor.ts';
import { findKey, requestHash, reusedKey, storedAnswer } from '../core/idempotency-store.ts';
import { HttpProblem } from '../core/problem.ts';
import type { Queryable } from '../db/database.ts';
import { sendAnswer } from './send.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const WRITES = new Set(['POST', 'PUT', 'PATCH']);

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Express declares res.locals in this global namespace.
  namespace Express {
    interface Locals {
      idempotency?: IdempotencyClaim;
    }
  }
}

/**
 * Answers a retry from the kept answer, refuses a reused key, and hands a new
 * key to the handler (res.locals.idempotency). Runs after authentication and
 * the contract's validation, so the caller and the body are known.
 */
export function idempotencyKeys(db: Queryable, actorIdOf: (res: Response) => string): RequestHandler {
  return async (req, res, next) => {
    const key = req.get('idempotency-key');
    if (!WRITES.has(req.method) || key === undefined) return next();
    if (!UUID.test(key)) {
      throw new HttpProblem(400, 'The Idempotency-Key must be a UUID.', [
        { field: 'header.idempotency-key', message: 'must be a UUID' },
      ]);
    }
    const hash = requestHash(req.method, `${req.baseUrl}${req.path}`, req.body);
    const stored = await findKey(db, actorIdOf(res), key.toLowerCase());
    if (stored) {
      if (stored.request_hash !== hash) throw reusedKey();
      return sendAnswer(res, storedAnswer(stored));
    }
    res.locals.idempotency = { key: key.toLowerCase(), requestHash: hash };
    next();
  };
}
