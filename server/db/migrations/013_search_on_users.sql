-- A search reads one table. Discovery and the user list find a person by any part of the name, the e-mail or a
-- phone number; with the e-mail on users and the rest on profiles, a search joined the two tables for every
-- match before it could rank and cut them, which for a broad text ("a", "cli") meant all 10,000 clients. What a
-- profile adds to a search (profiles.search_text, 001; profiles.phone_digits, 008) is now kept on its users row,
-- beside the name's sort keys (012) and by the same trigger, and indexed there with the e-mail.

ALTER TABLE users ADD COLUMN profile_search_text text, ADD COLUMN phone_digits text;

UPDATE users u
SET profile_search_text = p.search_text, phone_digits = p.phone_digits
FROM profiles p
WHERE p.client_id = u.id;

-- The e-mail, then the profile's text. A line break between them, since no search word holds one, so a match
-- never runs from the one into the other.
ALTER TABLE users ADD COLUMN search_text text GENERATED ALWAYS AS (
  email || E'\n' || coalesce(profile_search_text, '')
) STORED;

-- The profile is where a name or a phone number changes; its user's row follows in the same statement. An AFTER
-- trigger sees the profile's generated columns.
CREATE FUNCTION users_follow_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE users SET last_name_key = NULL, first_name_key = NULL, profile_search_text = NULL, phone_digits = NULL
    WHERE id = OLD.client_id;
    RETURN OLD;
  END IF;
  UPDATE users
  SET last_name_key = lower(NEW.last_name), first_name_key = lower(NEW.first_name),
      profile_search_text = NEW.search_text, phone_digits = NEW.phone_digits
  WHERE id = NEW.client_id;
  RETURN NEW;
END
$$;

DROP TRIGGER profiles_name_keys ON profiles;
DROP FUNCTION users_follow_profile_name();
CREATE TRIGGER profiles_follow_on_users
AFTER INSERT OR DELETE OR UPDATE OF first_name, last_name, phone_number, alternate_phone ON profiles
FOR EACH ROW EXECUTE FUNCTION users_follow_profile();

CREATE INDEX users_search_trgm_idx ON users USING gin (search_text gin_trgm_ops);
CREATE INDEX users_phone_digits_trgm_idx ON users USING gin (phone_digits gin_trgm_ops);
-- Searched on users now; the profiles' and the e-mail's own indexes would only slow every write.
DROP INDEX profiles_search_trgm_idx;
DROP INDEX profiles_phone_digits_trgm_idx;
DROP INDEX users_email_trgm_idx;
