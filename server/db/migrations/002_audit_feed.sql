-- The backoffice reads the audit trail newest first, optionally for one kind of
-- action (say, every disable). Reads far outnumber changes in the trail, so
-- without this index a filter on a rare action would walk most of it.
CREATE INDEX audit_log_action_idx ON audit_log (action, id);
