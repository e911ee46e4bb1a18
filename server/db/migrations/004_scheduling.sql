-- The schedule: clinics (each in its own time zone, with opening hours), the
-- resources they book (chairs, chambers, rooms, devices), the services they
-- offer, and appointments.
--
-- No double booking, decided here rather than in the API: two exclusion
-- constraints refuse an appointment that overlaps another of the same
-- resource (its time plus the resource's turnover) or of the same client,
-- both ignoring cancelled and no-show appointments, whatever number of API
-- instances write at once. Ranges are half-open, so back-to-back bookings fit.

-- `=` on uuid columns inside a GiST index, beside `&&` on the time ranges.
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE clinics (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CONSTRAINT clinics_name_key UNIQUE,
  -- An IANA zone name; the clinic's day, opening hours and screens are in it.
  time_zone text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Wall-clock hours in the clinic's zone; a weekday without a row is closed.
CREATE TABLE clinic_opening_hours (
  clinic_id uuid NOT NULL REFERENCES clinics (id) ON DELETE CASCADE,
  -- ISO weekday: 1 Monday ... 7 Sunday.
  weekday smallint NOT NULL CONSTRAINT clinic_opening_hours_weekday CHECK (weekday BETWEEN 1 AND 7),
  opens time NOT NULL,
  closes time NOT NULL,
  PRIMARY KEY (clinic_id, weekday),
  CONSTRAINT clinic_opening_hours_ordered CHECK (closes > opens)
);

CREATE TABLE resources (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  clinic_id uuid NOT NULL REFERENCES clinics (id) ON DELETE CASCADE,
  name text NOT NULL,
  kind text NOT NULL CONSTRAINT resources_kind_known CHECK (
    kind IN ('iv_chair', 'hbot_chamber', 'hbot_seat', 'red_light', 'pemf', 'sauna', 'consultation_room')
  ),
  -- One booking at a time; the overlap constraint below relies on it.
  capacity integer NOT NULL DEFAULT 1 CONSTRAINT resources_capacity_one CHECK (capacity = 1),
  -- Kept free after every booking (cleaning, resetting a chamber).
  turnover interval NOT NULL DEFAULT '00:00:00' CONSTRAINT resources_turnover_sane CHECK (
    turnover >= interval '0' AND turnover <= interval '2 hours'
  ),
  -- The clinic's order of its columns on the schedule.
  position integer NOT NULL DEFAULT 0,
  CONSTRAINT resources_name_key UNIQUE (clinic_id, name)
);
CREATE INDEX resources_clinic_idx ON resources (clinic_id, position, name);

CREATE TABLE services (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CONSTRAINT services_name_key UNIQUE,
  therapy_kind text NOT NULL CONSTRAINT services_therapy_kind_known CHECK (
    therapy_kind IN ('iv', 'hbot', 'pet', 'red_light', 'fir', 'consultation')
  ),
  default_duration interval NOT NULL DEFAULT '00:30:00',
  -- The resource kinds it can be booked on, as a JSON array of strings.
  resource_kinds jsonb NOT NULL CONSTRAINT services_resource_kinds_array CHECK (
    jsonb_typeof(resource_kinds) = 'array' AND jsonb_array_length(resource_kinds) > 0
  )
);

CREATE TABLE appointments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Always the resource's clinic (set by the trigger below).
  clinic_id uuid NOT NULL REFERENCES clinics (id),
  resource_id uuid NOT NULL REFERENCES resources (id),
  service_id uuid NOT NULL REFERENCES services (id),
  staff_id uuid REFERENCES users (id) ON DELETE SET NULL,
  starts_at timestamptz NOT NULL,
  duration interval NOT NULL CONSTRAINT appointments_duration_sane CHECK (
    duration >= interval '5 minutes' AND duration <= interval '12 hours'
  ),
  -- Stored, not computed in the constraints: timestamptz + interval is not
  -- immutable (a day's length depends on the zone), so an index cannot use it.
  -- The trigger below keeps both in step with starts_at, duration and resource.
  ends_at timestamptz NOT NULL,
  -- The end plus the resource's turnover at the time of booking.
  occupied_until timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'booked' CONSTRAINT appointments_status_known CHECK (
    status IN ('booked', 'checked_in', 'in_progress', 'completed', 'cancelled', 'no_show')
  ),
  notes text,
  -- The identity username of whoever booked it.
  created_by text NOT NULL,
  -- Optimistic concurrency: the ETag; every change adds one.
  version integer NOT NULL DEFAULT 1,
  checked_in_at timestamptz,
  started_at timestamptz,
  completed_at timestamptz,
  cancelled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT appointments_times_ordered CHECK (starts_at < ends_at AND ends_at <= occupied_until),
  CONSTRAINT appointments_resource_free EXCLUDE USING gist (
    resource_id WITH =,
    tstzrange(starts_at, occupied_until) WITH &&
  ) WHERE (status NOT IN ('cancelled', 'no_show')),
  CONSTRAINT appointments_client_free EXCLUDE USING gist (
    client_id WITH =,
    tstzrange(starts_at, ends_at) WITH &&
  ) WHERE (status NOT IN ('cancelled', 'no_show'))
);
-- The day and week views read one clinic's span; the portal reads one client's.
CREATE INDEX appointments_clinic_time_idx ON appointments (clinic_id, starts_at);
CREATE INDEX appointments_client_time_idx ON appointments (client_id, starts_at);

CREATE FUNCTION appointments_fill_times() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  resource_clinic uuid;
  resource_turnover interval;
BEGIN
  SELECT r.clinic_id, r.turnover INTO resource_clinic, resource_turnover FROM resources r WHERE r.id = NEW.resource_id;
  IF resource_clinic IS NULL THEN
    RAISE foreign_key_violation USING MESSAGE = 'no such resource', CONSTRAINT = 'appointments_resource_id_fkey';
  END IF;
  NEW.clinic_id := resource_clinic;
  NEW.ends_at := NEW.starts_at + NEW.duration;
  IF TG_OP = 'INSERT' OR NEW.starts_at IS DISTINCT FROM OLD.starts_at OR NEW.duration IS DISTINCT FROM OLD.duration
     OR NEW.resource_id IS DISTINCT FROM OLD.resource_id THEN
    NEW.occupied_until := NEW.ends_at + resource_turnover;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER appointments_fill_times
  BEFORE INSERT OR UPDATE OF starts_at, duration, resource_id ON appointments
  FOR EACH ROW EXECUTE FUNCTION appointments_fill_times();
