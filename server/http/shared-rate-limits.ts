/**
 * Rate-limit buckets in the database, shared by every API process on it
 * (migration 030), with the same token buckets and Retry-After as the
 * in-process limiter (rate-limit.ts). A request's turn costs one statement: an
 * UPSERT that refills the bucket by the time since its last use (on the
 * database's clock, which every process shares), takes a token if there is
 * one, and returns what is left.
 */
import type { Queryable } from '../db/database.ts';
import type { RateLimit, RateLimitStore } from './rate-limit.ts';

/** The bucket refilled to now: `$2` is its size, `$3` its refill a second. */
const REFILLED = 'least($2::float8, b.tokens + extract(epoch FROM now() - b.at)::float8 * $3::float8)';

const TAKE = `
  INSERT INTO rate_limit_buckets AS b (key, tokens, at, full_at, refused)
  VALUES ($1, $2::float8 - 1, now(), now() + make_interval(secs => 1 / $3::float8), false)
  ON CONFLICT (key) DO UPDATE SET
    refused = ${REFILLED} < 1,
    tokens = ${REFILLED} - (${REFILLED} >= 1)::int,
    at = now(),
    full_at = now() + make_interval(secs => ($2::float8 - ${REFILLED} + (${REFILLED} >= 1)::int) / $3::float8)
  RETURNING tokens, refused`;

const PEEK = `SELECT ${REFILLED} AS tokens FROM rate_limit_buckets b WHERE key = $1`;

const perSecond = (limit: RateLimit) => limit.requests / limit.seconds;

/** Seconds until a bucket holding `tokens` has one whole token again (at least 1). */
function secondsUntilOne(tokens: number, limit: RateLimit): number {
  return Math.max(1, Math.ceil((1 - tokens) / perSecond(limit)));
}

export function createSharedRateLimits(db: Queryable): RateLimitStore {
  return {
    async take(key, limit) {
      const [row] = await db.query<{ tokens: number; refused: boolean }>(TAKE, [key, limit.requests, perSecond(limit)]);
      return row?.refused ? secondsUntilOne(row.tokens, limit) : 0;
    },
    async peek(key, limit) {
      const [row] = await db.query<{ tokens: number }>(PEEK, [key, limit.requests, perSecond(limit)]);
      return row === undefined || row.tokens >= 1 ? 0 : secondsUntilOne(row.tokens, limit);
    },
  };
}

/** Deletes the buckets that are full again (they say nothing): part of the hourly housekeeping. */
export async function deleteFullBuckets(db: Queryable): Promise<void> {
  await db.query('DELETE FROM rate_limit_buckets WHERE full_at < now()');
}
