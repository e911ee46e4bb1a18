-- An audit trail that cannot be bent: refused requests are recorded too (with
-- their status and route template), the table refuses UPDATE, DELETE and
-- TRUNCATE, and every row carries a hash over its content and the previous
-- row's hash, so a row changed or removed behind the database's back breaks
-- the chain at that row.

ALTER TABLE audit_log
  ADD COLUMN status integer,
  ADD COLUMN route text,
  ADD COLUMN prev_hash text,
  ADD COLUMN hash text;

ALTER TABLE audit_log DROP CONSTRAINT audit_log_outcome_known;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_outcome_known CHECK (
  outcome IN ('success', 'denied', 'not_found', 'conflict', 'invalid', 'error', 'unauthenticated', 'rate_limited')
);

-- What a row's hash covers, in one fixed text form.
CREATE FUNCTION audit_log_content(entry audit_log) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT concat_ws('|', entry.id::text, to_char(entry.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
                   entry.actor_id, entry.action, entry.resource_type, coalesce(entry.resource_id::text, ''),
                   coalesce(entry.subject_id::text, ''), entry.outcome, coalesce(entry.fields::text, ''),
                   coalesce(entry.device_id::text, ''), coalesce(entry.status::text, ''), coalesce(entry.route, ''),
                   coalesce(entry.prev_hash, ''))
$$;

-- Rows are chained one at a time: an advisory lock held to the end of the
-- inserting transaction keeps two writers from hanging rows on the same link.
CREATE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7432002);
  SELECT hash INTO NEW.prev_hash FROM audit_log ORDER BY id DESC LIMIT 1;
  NEW.hash := encode(sha256(convert_to(audit_log_content(NEW), 'UTF8')), 'hex');
  RETURN NEW;
END
$$;

CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The audit log is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

-- Rows written before the chain existed join it, oldest first.
DO $$
DECLARE
  entry audit_log;
  previous text := NULL;
BEGIN
  FOR entry IN SELECT * FROM audit_log ORDER BY id LOOP
    entry.prev_hash := previous;
    previous := encode(sha256(convert_to(audit_log_content(entry), 'UTF8')), 'hex');
    UPDATE audit_log SET prev_hash = entry.prev_hash, hash = previous WHERE id = entry.id;
  END LOOP;
END
$$;

ALTER TABLE audit_log ALTER COLUMN hash SET NOT NULL;

CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();

-- Where the API runs under roles of its own, nobody but the table's owner may even try.
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM PUBLIC;
