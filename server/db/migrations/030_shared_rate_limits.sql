-- Rate-limit buckets every API process shares (server/http/shared-rate-limits.ts): one row per caller and
-- kind of request (or per client address, for refused sign-ins), so a limit of 300 lists a minute holds
-- across however many processes answer. A request's turn is one UPSERT that refills the bucket by the time
-- since it was last used and takes a token if one is there. Unlogged: a bucket is worth nothing after a crash
-- (every bucket is then full, as for a caller not seen yet), and its writes skip the write-ahead log.
-- `full_at` is when the bucket will be full again: past it, the row says nothing and is deleted.

CREATE UNLOGGED TABLE rate_limit_buckets (
  key text PRIMARY KEY,
  tokens double precision NOT NULL,
  at timestamptz NOT NULL,
  full_at timestamptz NOT NULL,
  refused boolean NOT NULL
);

CREATE INDEX rate_limit_buckets_full_at ON rate_limit_buckets (full_at);
