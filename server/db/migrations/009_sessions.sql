-- Sessions that end: per user (by identity username), the time before which
-- every access token is refused, checked on every request against the
-- token's issue time. Signing out, being disabled, a new role and deletion
-- move it to now. No foreign key on purpose: a deleted user's cut-off
-- outlives its row, so a token it still holds stays refused.

CREATE TABLE session_cutoffs (
  username text PRIMARY KEY CONSTRAINT session_cutoffs_username_lowercase CHECK (username = lower(username)),
  not_before timestamptz NOT NULL
);
