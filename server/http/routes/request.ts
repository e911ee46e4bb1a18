/** What every router reads off a request that passed the contract's validation. */
import type { Request } from 'express';

/** What the validator let through: the contract's shape, which the generated types describe. */
export function validated<T>(value: unknown): T {
  return value as T;
}

/** The `{id}` of the path: the contract makes every id a UUID, and ids are stored lower case. */
export function pathId(req: Request): string {
  return String(req.params.id).toLowerCase();
}
