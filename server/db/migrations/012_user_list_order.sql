-- The user list sorts by name (last, then first, case-insensitive) across users and their profiles. Sorting
-- 10,000 joined rows on every page took most of a request's time; the name's sort keys kept on the users row,
-- indexed with the role, let a page be read in index order and stop at its last row.
ALTER TABLE users ADD COLUMN last_name_key text, ADD COLUMN first_name_key text;

UPDATE users u
SET last_name_key = lower(p.last_name), first_name_key = lower(p.first_name)
FROM profiles p
WHERE p.client_id = u.id;

-- The profile is where a name changes; its user's keys follow in the same statement.
CREATE FUNCTION users_follow_profile_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE users SET last_name_key = NULL, first_name_key = NULL WHERE id = OLD.client_id;
    RETURN OLD;
  END IF;
  UPDATE users SET last_name_key = lower(NEW.last_name), first_name_key = lower(NEW.first_name)
  WHERE id = NEW.client_id;
  RETURN NEW;
END
$$;

CREATE TRIGGER profiles_name_keys
AFTER INSERT OR DELETE OR UPDATE OF first_name, last_name ON profiles
FOR EACH ROW EXECUTE FUNCTION users_follow_profile_name();

CREATE INDEX users_name_idx ON users (last_name_key, first_name_key, id);
CREATE INDEX users_role_name_idx ON users (role, last_name_key, first_name_key, id);
