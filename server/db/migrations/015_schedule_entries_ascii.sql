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

-- Migration 014's entry, as it writes it, escaped: the renderer keeps its body under a name that says so, and the
-- triggers, which call appointment_schedule_entry, write the escaped entry.
ALTER FUNCTION appointment_schedule_entry(appointments) RENAME TO appointment_schedule_entry_unescaped;

CREATE FUNCTION appointment_schedule_entry(appointment appointments) RETURNS text
LANGUAGE sql AS $$
  SELECT json_ascii(appointment_schedule_entry_unescaped(appointment));
$$;

-- The entries already written, again (the trigger renders them; the '' is never kept).
UPDATE appointments SET schedule_entry = '' WHERE schedule_entry <> json_ascii(schedule_entry);
