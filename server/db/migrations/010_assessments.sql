-- The client's journey: assessment results, and histories with a shape.
--
-- 1. Every result a client records (a Thrive check, i.e. the WHO-5, or a run of
--    the cognitive tasks) and every risk result staff share with a client is
--    kept: results are added, never changed. The server scores them
--    (openapi/assessments.ts) and stores the scores beside what was answered;
--    the checks below keep the two from disagreeing. A result's id is made on
--    the device, so a resend can never record it twice.
-- 2. lifestyle_history and family_history were free answers keyed by topic;
--    the contract now gives them a shape (LifestyleHistory, FamilyHistory in
--    clinic.yaml). Existing answers move into it: what maps onto a topic goes
--    there (diabetes above all, which the HBOT visit reads), the rest is kept
--    word for word in the history's notes.

CREATE TABLE assessments (
  id uuid PRIMARY KEY,
  client_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type text NOT NULL CONSTRAINT assessments_type_known CHECK (type IN ('who5', 'cognitive', 'cardiovascular_risk')),
  -- When it was finished on the device, and when the server received it.
  taken_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  device_id uuid,
  -- who5: the five answers, their sum and the score (the sum times 4).
  answers jsonb,
  raw_score integer CONSTRAINT assessments_raw_score_range CHECK (raw_score BETWEEN 0 AND 25),
  score integer CONSTRAINT assessments_score_range CHECK (score BETWEEN 0 AND 100),
  -- The result needs staff's attention (a WHO-5 score of 28 or less).
  alert boolean NOT NULL DEFAULT false,
  -- cognitive: the tasks' raw records; cardiovascular_risk: the calculator's inputs.
  record jsonb,
  -- cognitive: each task's score; cardiovascular_risk: points, risk and category.
  scores jsonb,
  complete boolean NOT NULL DEFAULT false,
  -- The client's first complete cognitive run, which later runs are shown against.
  baseline boolean NOT NULL DEFAULT false,
  CONSTRAINT assessments_who5_scored CHECK (
    (type = 'who5') = (answers IS NOT NULL AND raw_score IS NOT NULL AND score IS NOT NULL)
    AND (score IS NULL OR score = raw_score * 4)
  ),
  CONSTRAINT assessments_record_kept CHECK ((type = 'who5') OR (record IS NOT NULL AND scores IS NOT NULL)),
  CONSTRAINT assessments_baseline_complete CHECK (NOT baseline OR (type = 'cognitive' AND complete))
);
-- A client's results of one type, newest first (the portal, reports, what to do next).
CREATE INDEX assessments_client_idx ON assessments (client_id, type, taken_at DESC);
-- The hub's clients needing attention.
CREATE INDEX assessments_alert_idx ON assessments (taken_at DESC) WHERE alert;
-- One baseline per client, whatever two devices send at once.
CREATE UNIQUE INDEX assessments_one_baseline ON assessments (client_id) WHERE baseline;

CREATE FUNCTION assessments_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Assessment results are kept as recorded: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
-- Deleting a client deletes its results (the cascade); nothing else removes or changes one.
CREATE TRIGGER assessments_no_update BEFORE UPDATE ON assessments
  FOR EACH ROW EXECUTE FUNCTION assessments_refuse_change();
CREATE TRIGGER assessments_no_truncate BEFORE TRUNCATE ON assessments
  FOR EACH STATEMENT EXECUTE FUNCTION assessments_refuse_change();

-- ---------------------------------------------------------------- histories with a shape

CREATE FUNCTION thrive_answer_text(value jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE jsonb_typeof(value)
    WHEN 'string' THEN value #>> '{}'
    WHEN 'boolean' THEN CASE WHEN value = 'true'::jsonb THEN 'yes' ELSE 'no' END
    WHEN 'null' THEN ''
    ELSE value::text
  END
$$;

-- An old diabetes answer (true, 'yes', 'Type 2, on metformin', 'no') as LifestyleHistory's diabetes, or null.
CREATE FUNCTION thrive_diabetes_answer(value jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN t IN ('no', 'type_1', 'type_2', 'other') THEN t
    WHEN t ~* '^\s*type\s*(1|i)\M' OR t ~* '^\s*(yes|diabetic)[^a-z]*type\s*(1|i)\M' THEN 'type_1'
    WHEN t ~* '^\s*type\s*(2|ii)\M' OR t ~* '^\s*(yes|diabetic)[^a-z]*type\s*(2|ii)\M' THEN 'type_2'
    WHEN t ~* '^\s*(yes|true|diabetic)' THEN 'other'
    WHEN t ~* '^\s*(no|false|none)\M' THEN 'no'
  END
  FROM (SELECT thrive_answer_text(value) AS t) answer
$$;

CREATE FUNCTION thrive_lifestyle_shape(old jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  shaped jsonb := '{}';
  kept text[] := ARRAY[]::text[];
  item record;
  topic text;
  choices jsonb := '{
    "sleep_quality": ["good", "fair", "poor"],
    "activity": ["sedentary", "light", "moderate", "active"],
    "diet": ["omnivore", "vegetarian", "vegan", "pescatarian", "other"],
    "alcohol": ["none", "occasional", "weekly", "daily"],
    "tobacco": ["never", "former", "current"],
    "stress": ["low", "moderate", "high"]
  }';
BEGIN
  IF jsonb_typeof(old) IS DISTINCT FROM 'object' THEN RETURN '{}'; END IF;
  FOR item IN SELECT key, value FROM jsonb_each(old) ORDER BY key LOOP
    topic := lower(item.key);
    IF topic IN ('diabetes', 'diabetic') AND thrive_diabetes_answer(item.value) IS NOT NULL
       AND NOT shaped ? 'diabetes' THEN
      shaped := shaped || jsonb_build_object('diabetes', thrive_diabetes_answer(item.value));
    ELSIF topic = 'sleep_hours' AND jsonb_typeof(item.value) = 'number'
       AND (item.value #>> '{}')::numeric BETWEEN 0 AND 24 THEN
      shaped := shaped || jsonb_build_object('sleep_hours', round((item.value #>> '{}')::numeric * 2) / 2);
    ELSIF choices ? topic AND jsonb_typeof(item.value) = 'string' AND choices -> topic ? (item.value #>> '{}') THEN
      shaped := shaped || jsonb_build_object(topic, item.value);
    ELSIF topic = 'notes' THEN
      IF thrive_answer_text(item.value) <> '' THEN kept := array_prepend(thrive_answer_text(item.value), kept); END IF;
    ELSIF item.value <> 'null'::jsonb AND thrive_answer_text(item.value) <> '' THEN
      kept := kept || (item.key || ': ' || thrive_answer_text(item.value));
    END IF;
  END LOOP;
  IF cardinality(kept) > 0 THEN
    shaped := shaped || jsonb_build_object('notes', left(array_to_string(kept, E'\n'), 4000));
  END IF;
  RETURN shaped;
END
$$;

-- Old family answers keyed by relative ('Father': 'type 2 diabetes') become relatives with the conditions their
-- words name (none when they name none) and the words as the relative's notes; anything else goes to the
-- history's notes.
CREATE FUNCTION thrive_family_shape(old jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  relatives jsonb := '[]';
  kept text[] := ARRAY[]::text[];
  item record;
  who text;
  words text;
  conditions jsonb;
  shaped jsonb := '{}';
BEGIN
  IF jsonb_typeof(old) IS DISTINCT FROM 'object' THEN RETURN '{}'; END IF;
  FOR item IN SELECT key, value FROM jsonb_each(old) ORDER BY key LOOP
    words := thrive_answer_text(item.value);
    who := CASE
      WHEN item.key ~* '^\s*(mother|mom|mum)\s*$' THEN 'mother'
      WHEN item.key ~* '^\s*(father|dad)\s*$' THEN 'father'
      WHEN item.key ~* '^\s*sister\s*$' THEN 'sister'
      WHEN item.key ~* '^\s*brother\s*$' THEN 'brother'
      WHEN item.key ~* '^\s*daughter\s*$' THEN 'daughter'
      WHEN item.key ~* '^\s*son\s*$' THEN 'son'
      WHEN item.key ~* '^\s*grand(parent|mother|father|ma|pa)s?\s*$' THEN 'grandparent'
      WHEN item.key ~* '^\s*(aunt|uncle)s?\s*$' THEN 'aunt_or_uncle'
    END;
    IF item.key = 'notes' AND words <> '' THEN
      kept := array_prepend(words, kept);
    ELSIF who IS NOT NULL AND words <> '' AND jsonb_array_length(relatives) < 30 THEN
      conditions := to_jsonb(array_remove(ARRAY[
        CASE WHEN words ~* 'heart|cardiac|coronary' THEN 'heart_disease' END,
        CASE WHEN words ~* 'stroke' THEN 'stroke' END,
        CASE WHEN words ~* 'blood pressure|hypertension' THEN 'high_blood_pressure' END,
        CASE WHEN words ~* 'cholesterol' THEN 'high_cholesterol' END,
        CASE WHEN words ~* 'diabet' THEN 'diabetes' END,
        CASE WHEN words ~* 'cancer|tumou?r|leuk' THEN 'cancer' END,
        CASE WHEN words ~* 'dementia|alzheimer' THEN 'dementia' END,
        CASE WHEN words ~* 'depress|anxiety|bipolar|schizo|mental' THEN 'mental_health' END
      ], NULL));
      relatives := relatives || jsonb_build_array(
        jsonb_build_object('relative', who, 'conditions', conditions, 'notes', left(words, 500)));
    ELSIF words <> '' THEN
      kept := kept || (item.key || ': ' || words);
    END IF;
  END LOOP;
  IF jsonb_array_length(relatives) > 0 THEN shaped := shaped || jsonb_build_object('relatives', relatives); END IF;
  IF cardinality(kept) > 0 THEN
    shaped := shaped || jsonb_build_object('notes', left(array_to_string(kept, E'\n'), 4000));
  END IF;
  RETURN shaped;
END
$$;

UPDATE profiles
SET lifestyle_history = thrive_lifestyle_shape(lifestyle_history), family_history = thrive_family_shape(family_history)
WHERE lifestyle_history <> '{}' OR family_history <> '{}';

DROP FUNCTION thrive_family_shape(jsonb);
DROP FUNCTION thrive_lifestyle_shape(jsonb);
DROP FUNCTION thrive_diabetes_answer(jsonb);
DROP FUNCTION thrive_answer_text(jsonb);
