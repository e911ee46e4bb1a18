-- The client portal books on the clinics' own schedule and talks to the
-- clinic: tests (partner and in-clinic) with each clinic's price, the intake
-- call by phone or video, how to prepare for a service, the clinics' contacts,
-- and messages between a client and the clinic.
--
-- Free times are never stored: the API computes them from opening hours,
-- resources, turnover and the appointments booked, and the exclusion
-- constraints of migration 004 still decide every clash.

ALTER TABLE clinics
  ADD COLUMN phone text,
  ADD COLUMN email text,
  ADD COLUMN address text;

-- Test rooms (samples taken, measurements made) and call lines (the intake
-- call, by phone or video): booked like any other resource.
ALTER TABLE resources DROP CONSTRAINT resources_kind_known;
ALTER TABLE resources ADD CONSTRAINT resources_kind_known CHECK (
  kind IN ('iv_chair', 'hbot_chamber', 'hbot_seat', 'red_light', 'pemf', 'sauna', 'consultation_room', 'test_room',
           'call_line')
);

ALTER TABLE services DROP CONSTRAINT services_therapy_kind_known;
ALTER TABLE services ADD CONSTRAINT services_therapy_kind_known CHECK (
  therapy_kind IN ('iv', 'hbot', 'pet', 'red_light', 'fir', 'consultation', 'test')
);
ALTER TABLE services
  -- A client may book it in the portal; the clinic books everything else.
  ADD COLUMN client_bookable boolean NOT NULL DEFAULT false,
  -- What the clinic tells its clients: how to prepare and what to bring.
  ADD COLUMN preparation text,
  ADD COLUMN what_to_bring text,
  -- Nothing but water for this many hours before the start.
  ADD COLUMN fasting_hours smallint CONSTRAINT services_fasting_hours_sane CHECK (fasting_hours BETWEEN 1 AND 24);

-- How a call takes place; set for calls only (the API checks which services are calls).
ALTER TABLE appointments
  ADD COLUMN call_mode text CONSTRAINT appointments_call_mode_known CHECK (call_mode IN ('phone', 'video'));

-- A test is booked as its service; its name, length and preparation are the service's.
CREATE TABLE health_tests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  service_id uuid NOT NULL CONSTRAINT health_tests_service_key UNIQUE REFERENCES services (id) ON DELETE CASCADE,
  kind text NOT NULL CONSTRAINT health_tests_kind_known CHECK (kind IN ('partner', 'in_clinic')),
  -- The laboratory that analyses a partner test's sample.
  partner text,
  measures text NOT NULL,
  -- The clinic's order of its catalogue.
  position integer NOT NULL DEFAULT 0,
  CONSTRAINT health_tests_partner_named CHECK ((kind = 'partner') = (partner IS NOT NULL))
);

-- A clinic offers a test by setting its price, in its own currency.
CREATE TABLE health_test_prices (
  test_id uuid NOT NULL REFERENCES health_tests (id) ON DELETE CASCADE,
  clinic_id uuid NOT NULL REFERENCES clinics (id) ON DELETE CASCADE,
  amount_minor integer NOT NULL CONSTRAINT health_test_prices_amount_sane CHECK (amount_minor >= 0),
  currency text NOT NULL CONSTRAINT health_test_prices_currency_iso CHECK (currency ~ '^[A-Z]{3}$'),
  PRIMARY KEY (test_id, clinic_id)
);

-- A client's messages to one clinic, and the clinic's answers. Ids are made
-- on the device that writes, so a message sent twice is kept once.
CREATE TABLE support_threads (
  id uuid PRIMARY KEY,
  client_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  clinic_id uuid NOT NULL REFERENCES clinics (id),
  subject text NOT NULL CONSTRAINT support_threads_subject_sane CHECK (length(subject) BETWEEN 1 AND 120),
  appointment_id uuid REFERENCES appointments (id) ON DELETE SET NULL,
  visit_id uuid REFERENCES visits (id) ON DELETE SET NULL,
  -- Open while the clinic owes an answer; set with every message, in its transaction.
  status text NOT NULL DEFAULT 'open' CONSTRAINT support_threads_status_known CHECK (status IN ('open', 'answered')),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_message_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT support_threads_one_reference CHECK (appointment_id IS NULL OR visit_id IS NULL)
);
-- A client's own threads, latest first; a clinic's open threads, oldest first (the hub).
CREATE INDEX support_threads_client_idx ON support_threads (client_id, last_message_at DESC);
CREATE INDEX support_threads_clinic_idx ON support_threads (clinic_id, status, last_message_at);

CREATE TABLE support_messages (
  id uuid PRIMARY KEY,
  thread_id uuid NOT NULL REFERENCES support_threads (id) ON DELETE CASCADE,
  -- The identity username of who wrote it (the token's subject, never the body).
  author_id text NOT NULL,
  from_clinic boolean NOT NULL,
  text text NOT NULL CONSTRAINT support_messages_text_sane CHECK (length(text) BETWEEN 1 AND 4000),
  device_id uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX support_messages_thread_idx ON support_messages (thread_id, created_at, id);

-- What was written stays as it was written.
CREATE FUNCTION support_messages_keep_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a message to or from the clinic cannot be changed' USING ERRCODE = 'integrity_constraint_violation';
END;
$$;

CREATE TRIGGER support_messages_keep_written
  BEFORE UPDATE ON support_messages
  FOR EACH ROW EXECUTE FUNCTION support_messages_keep_written();
