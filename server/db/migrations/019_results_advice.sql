-- Lab results and the care team's advice.
--
-- 1. A result is a set of observations, each in a LOINC code and a UCUM unit
--    with the range it was read against and the flag the server gave it
--    (openapi/results/lab-tests.ts decides both). Its id is made on the
--    device that entered it, or by the server for an imported report, whose
--    own id (`source_ref`) keeps one report from being imported twice.
--    What was measured is kept as it arrived: observations cannot be changed,
--    and a result changes only once, when a doctor releases it.
-- 2. Advice: what to do, why, its steps (each ticked off by the client), and
--    when its author looks at it again. Ids are made on the device.

-- The panels a catalogue test reports (openapi/results/lab-tests.ts, LAB_PANELS).
ALTER TABLE health_tests ADD COLUMN panels text[] NOT NULL DEFAULT '{}';

CREATE TABLE lab_results (
  id uuid PRIMARY KEY,
  client_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  appointment_id uuid REFERENCES appointments (id) ON DELETE SET NULL,
  source text NOT NULL CONSTRAINT lab_results_source_known CHECK (source IN ('entered', 'imported')),
  -- The lab report's own id (DiagnosticReport.identifier, else its id), for an imported one.
  source_ref text,
  lab text,
  collected_at timestamptz NOT NULL,
  reported_at timestamptz,
  -- A value reached a critical limit: the hub shows it until someone looks.
  critical boolean NOT NULL DEFAULT false,
  created_by text NOT NULL,
  device_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  released_at timestamptz,
  released_by text,
  release_note text CONSTRAINT lab_results_note_sane CHECK (length(release_note) <= 2000),
  version integer NOT NULL DEFAULT 1,
  CONSTRAINT lab_results_release_complete CHECK ((released_at IS NULL) = (released_by IS NULL)),
  CONSTRAINT lab_results_note_on_release CHECK (release_note IS NULL OR released_at IS NOT NULL),
  CONSTRAINT lab_results_imported_once UNIQUE (client_id, source_ref)
);
-- A client's results, newest sample first (the portal, discovery, the risk calculator).
CREATE INDEX lab_results_client_idx ON lab_results (client_id, collected_at DESC);
-- A booking's result ("result pending" until there is one).
CREATE INDEX lab_results_appointment_idx ON lab_results (appointment_id) WHERE appointment_id IS NOT NULL;
-- The hub's critical values.
CREATE INDEX lab_results_critical_idx ON lab_results (collected_at DESC) WHERE critical;

CREATE TABLE lab_observations (
  result_id uuid NOT NULL REFERENCES lab_results (id) ON DELETE CASCADE,
  position smallint NOT NULL,
  loinc text NOT NULL CONSTRAINT lab_observations_loinc_shape CHECK (loinc ~ '^[0-9]{1,7}-[0-9]$'),
  value numeric NOT NULL,
  unit text NOT NULL,
  range_low numeric,
  range_high numeric,
  flag text NOT NULL CONSTRAINT lab_observations_flag_known CHECK (flag IN ('low', 'normal', 'high', 'critical')),
  PRIMARY KEY (result_id, position)
);

CREATE FUNCTION lab_results_keep_measured() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'lab_observations' THEN
    RAISE EXCEPTION 'A lab observation is kept as it arrived: % is refused', TG_OP
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  -- What was measured, and where from, never changes.
  IF (NEW.id, NEW.client_id, NEW.source, NEW.source_ref, NEW.lab, NEW.collected_at, NEW.reported_at, NEW.critical,
      NEW.created_by, NEW.device_id, NEW.created_at)
     IS DISTINCT FROM
     (OLD.id, OLD.client_id, OLD.source, OLD.source_ref, OLD.lab, OLD.collected_at, OLD.reported_at, OLD.critical,
      OLD.created_by, OLD.device_id, OLD.created_at) THEN
    RAISE EXCEPTION 'A lab result is kept as it arrived' USING ERRCODE = 'insufficient_privilege';
  END IF;
  -- Its booking can only be let go of (the booking deleted: ON DELETE SET NULL).
  IF NEW.appointment_id IS DISTINCT FROM OLD.appointment_id AND NEW.appointment_id IS NOT NULL THEN
    RAISE EXCEPTION 'A lab result keeps the booking it came from' USING ERRCODE = 'insufficient_privilege';
  END IF;
  -- A result is released once.
  IF OLD.released_at IS NOT NULL
     AND (NEW.released_at, NEW.released_by, NEW.release_note) IS DISTINCT FROM
         (OLD.released_at, OLD.released_by, OLD.release_note) THEN
    RAISE EXCEPTION 'A lab result is released once' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER lab_results_keep_measured BEFORE UPDATE ON lab_results
  FOR EACH ROW EXECUTE FUNCTION lab_results_keep_measured();
CREATE TRIGGER lab_observations_keep_measured BEFORE UPDATE ON lab_observations
  FOR EACH ROW EXECUTE FUNCTION lab_results_keep_measured();

CREATE TABLE advices (
  id uuid PRIMARY KEY,
  client_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The identity username of who wrote it (the token's subject, never the body).
  author_id text NOT NULL,
  category text NOT NULL
    CONSTRAINT advices_category_known CHECK (category IN ('nutrition', 'movement', 'sleep', 'supplement', 'therapy')),
  title text NOT NULL CONSTRAINT advices_title_sane CHECK (length(title) BETWEEN 1 AND 120),
  why text NOT NULL CONSTRAINT advices_why_sane CHECK (length(why) BETWEEN 1 AND 2000),
  -- [{ "id": uuid, "text": text, "done_at": instant or null }], in the author's order.
  steps jsonb NOT NULL DEFAULT '[]' CONSTRAINT advices_steps_list CHECK (jsonb_typeof(steps) = 'array'),
  review_on date NOT NULL,
  acknowledged_at timestamptz,
  device_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX advices_client_idx ON advices (client_id, review_on);
-- What is due for review, the hub's and each author's.
CREATE INDEX advices_review_idx ON advices (review_on, author_id);
