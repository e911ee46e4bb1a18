-- The week grid (GET schedule) draws a busy clinic's week: over a thousand appointments, each with its client's
-- and its service's names and its times on the clinic's clock. Joining and writing them as JSON on every read was
-- most of the request's time. Each appointment now keeps its grid entry as JSON text, written when the
-- appointment is, and again when a name it shows or its clinic's zone changes; a read only joins the entries.
-- Beside it, the client's role, which decides whose appointments a staff role may list (openapi/access.ts): kept
-- in step with the user's, so that the read joins no other table.

-- The contract's ScheduleEntry of one appointment, compact JSON, its instants whole seconds in its clinic's zone
-- (as the API writes every instant), the client's name as SELECT_APPOINTMENT writes it (appointment-store.ts).
-- SET ... FROM CURRENT keeps the zone set inside to this function's call.
CREATE FUNCTION appointment_schedule_entry(appointment appointments) RETURNS text
LANGUAGE plpgsql SET TimeZone FROM CURRENT AS $$
DECLARE
  entry text;
BEGIN
  PERFORM set_config('TimeZone', (SELECT c.time_zone FROM clinics c WHERE c.id = appointment.clinic_id), true);
  SELECT row_to_json(x)::text INTO entry FROM (
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

ALTER TABLE appointments ADD COLUMN schedule_entry text, ADD COLUMN client_role text;
UPDATE appointments a SET schedule_entry = appointment_schedule_entry(a), client_role = u.role
FROM users u WHERE u.id = a.client_id;
ALTER TABLE appointments ALTER COLUMN schedule_entry SET NOT NULL;

-- Every write of an appointment writes its entry and its client's role again. Named to run after
-- appointments_fill_times (triggers run in name order), whose clinic and end the entry shows.
CREATE FUNCTION appointments_render_schedule_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.schedule_entry := appointment_schedule_entry(NEW);
  NEW.client_role := (SELECT u.role FROM users u WHERE u.id = NEW.client_id);
  RETURN NEW;
END;
$$;

CREATE TRIGGER appointments_schedule_entry
  BEFORE INSERT OR UPDATE ON appointments
  FOR EACH ROW EXECUTE FUNCTION appointments_render_schedule_entry();

-- What an entry shows from elsewhere: the client's name (the profile's, or the e-mail until there is one), the
-- service's name, the clinic's zone; and the client's role. A change of one rewrites the appointments that show
-- it: those whose column TG_ARGV[0] holds the changed row's TG_ARGV[1]. The trigger above renders them again (the
-- '' written is never kept).
CREATE FUNCTION appointments_follow_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb := to_jsonb(CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END);
BEGIN
  EXECUTE format('UPDATE appointments SET schedule_entry = '''' WHERE %I = $1', TG_ARGV[0])
    USING (changed ->> TG_ARGV[1])::uuid;
  RETURN NULL;
END;
$$;

CREATE TRIGGER appointments_follow_profile_name
  AFTER INSERT OR DELETE OR UPDATE OF first_name, last_name ON profiles
  FOR EACH ROW EXECUTE FUNCTION appointments_follow_change('client_id', 'client_id');

CREATE TRIGGER appointments_follow_user
  AFTER UPDATE OF email, role ON users
  FOR EACH ROW WHEN (NEW.email IS DISTINCT FROM OLD.email OR NEW.role IS DISTINCT FROM OLD.role)
  EXECUTE FUNCTION appointments_follow_change('client_id', 'id');

CREATE TRIGGER appointments_follow_service_name
  AFTER UPDATE OF name ON services
  FOR EACH ROW WHEN (NEW.name IS DISTINCT FROM OLD.name)
  EXECUTE FUNCTION appointments_follow_change('service_id', 'id');

CREATE TRIGGER appointments_follow_clinic_zone
  AFTER UPDATE OF time_zone ON clinics
  FOR EACH ROW WHEN (NEW.time_zone IS DISTINCT FROM OLD.time_zone)
  EXECUTE FUNCTION appointments_follow_change('clinic_id', 'id');
