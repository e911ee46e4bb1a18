-- A week's schedule answer is some 400 KB of stored entries (migration 014). Names with accents or typographic
-- apostrophes made the whole text non-ASCII, and every reader of it took the slow path of its decoder and
-- encoder: the database driver decoding it, the API encoding it for the socket, the browser decoding it again.
-- Each took four to five times as long as for ASCII text of the same length. The entries are now written with
-- every character beyond ASCII escaped (\u00e9, or a surrogate pair beyond the Basic Multilingual Plane), as
-- JSON allows: the same values to whoever parses them, and ASCII text all the way from the database to the grid.

-- `json_text` with its non-ASCII characters written as JSON escapes. Such characters stand only inside JSON
-- strings, where an escape means the same character.
CREATE FUNCTION json_ascii(json_text text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  escaped text := json_text;
  found text;
  code_point int;
BEGIN
  FOR found IN SELECT DISTINCT m[1] FROM regexp_matches(json_text, '[^' || chr(1) || '-' || chr(127) || ']', 'g') m
  LOOP
    code_point := ascii(found);
    escaped := replace(escaped, found, CASE
      WHEN code_point < 65536 THEN '\u' || lpad(to_hex(code_point), 4, '0')
      ELSE '\u' || to_hex(55296 + ((code_point - 65536) >> 10)) || '\u' || to_hex(56320 + ((code_point - 65536) & 1023))
    END);
  END LOOP;
  RETURN escaped;
END;
$$;

-- As in migration 014, written through json_ascii.
CREATE OR REPLACE FUNCTION appointment_schedule_entry(appointment appointments) RETURNS text
LANGUAGE plpgsql SET TimeZone FROM CURRENT AS $$
DECLARE
  entry text;
BEGIN
  PERFORM set_config('TimeZone', (SELECT c.time_zone FROM clinics c WHERE c.id = appointment.clinic_id), true);
  SELECT json_ascii(row_to_json(x)::text) INTO entry FROM (
    SELECT appointment.id,
           (SELECT coalesce(p.first_name || ' ' || p.last_name, u.email)
            FROM users u LEFT JOIN profiles p ON p.client_id = u.id
            WHERE u.id = appointment.client_id) AS client_name,
           appointment.resource_id,
           (SELECT s.name FROM services s WHERE s.id = appointment.service_id) AS service_name,
           appointment.status,
           date_trunc('second', appointment.starts_at) AS starts_at,
           date_trunc('second', appointment.ends_at) AS ends_at,
           appointment.version
  ) x;
  RETURN entry;
END;
$$;

-- The entries already written, again (the trigger renders them; the '' is never kept).
UPDATE appointments SET schedule_entry = '' WHERE schedule_entry ~ ('[^' || chr(1) || '-' || chr(127) || ']');
