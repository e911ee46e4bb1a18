-- Writes made on a device reach the server exactly once, and each names its
-- author and device.
--
-- An Idempotency-Key is stored with the change it carried, in the change's
-- own transaction: a retry of the same request is answered with the stored
-- answer and changes nothing. Keys are per caller and kept at least 7 days
-- (the server deletes older ones).
CREATE TABLE idempotency_keys (
  actor_id text NOT NULL,
  key uuid NOT NULL,
  -- SHA-256 of the method, path and body: the same key with another request is refused.
  request_hash text NOT NULL,
  status integer NOT NULL,
  headers jsonb NOT NULL DEFAULT '{}',
  body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (actor_id, key)
);
CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at);

-- The device a change came from (the app's own per-device id), beside who and when.
ALTER TABLE audit_log ADD COLUMN device_id uuid;

-- Enrollments become editable records like profiles: a version for If-Match,
-- and who made and last changed each one (the token's subject, never the body).
ALTER TABLE enrollments
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN created_by text,
  ADD COLUMN updated_by text;
