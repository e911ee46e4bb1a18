-- Programs, and enrollments that point at them; a search that ignores phone
-- punctuation.
--
-- A program is what a client enrolls in: a name, what it is for, how many
-- weeks it runs and how many sessions of each therapy it plans. Enrollments
-- kept the program as a free text key (the contract's Program values); they
-- now reference the program by that key, so an enrollment can never name a
-- program the clinic does not have. Progress is not stored: the API counts it
-- from signed visits and completed appointments whenever it is asked.

CREATE TABLE programs (
  -- Fixed ids, the same in every installation, so links to a program's page stay valid.
  id uuid PRIMARY KEY,
  -- The key enrollments name (the contract's Program enum).
  key text NOT NULL CONSTRAINT programs_key_key UNIQUE CONSTRAINT programs_key_shape CHECK (key ~ '^[a-z][a-z0-9_]{1,62}$'),
  name text NOT NULL CONSTRAINT programs_name_key UNIQUE,
  description text NOT NULL,
  length_weeks integer NOT NULL CONSTRAINT programs_length_sane CHECK (length_weeks BETWEEN 1 AND 104),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The sessions a program plans, per therapy; a therapy without a row is not part of it.
CREATE TABLE program_sessions (
  program_id uuid NOT NULL REFERENCES programs (id) ON DELETE CASCADE,
  therapy text NOT NULL CONSTRAINT program_sessions_therapy_known CHECK (therapy IN ('iv', 'hbot', 'pet', 'red_light', 'fir')),
  planned integer NOT NULL CONSTRAINT program_sessions_planned_sane CHECK (planned BETWEEN 1 AND 500),
  PRIMARY KEY (program_id, therapy)
);

INSERT INTO programs (id, key, name, description, length_weeks) VALUES
  ('60f3d440-5e54-46ad-9fdf-f10d1fd0389d', 'thrive_foundations', 'Thrive Foundations',
   'Twelve weeks to build the habits of the Thrive method: IV nutrients, oxygen, light and heat, a little every week.', 12),
  ('9961680d-eee8-4518-b9a6-e548439ec94f', 'metabolic_reset', 'Metabolic Reset',
   'Eight weeks of weekly IV nutrient support and infrared sauna sessions alongside a nutrition plan.', 8),
  ('185102c3-94f6-4ef1-af30-51e359c2f26f', 'longevity', 'Longevity',
   'Six months of every therapy the clinic offers, at an easy pace, for healthy ageing.', 24),
  ('f13c3b01-3050-4be0-a646-dccfc052ff5f', 'cognitive_performance', 'Cognitive Performance',
   'Ten weeks of hyperbaric oxygen and PEMF for focus, memory and sleep.', 10),
  ('33c20545-2e62-46d0-82dc-b6c3a3fb28f8', 'iv_wellness', 'IV Wellness',
   'Six weekly IV infusions tailored to the client''s labs.', 6),
  ('7f46887a-2072-4bb0-9100-c745d3ccf4be', 'hbot_recovery', 'HBOT Recovery',
   'Four weeks of near-daily hyperbaric oxygen to recover from injury or surgery.', 4);

INSERT INTO program_sessions (program_id, therapy, planned) VALUES
  ('60f3d440-5e54-46ad-9fdf-f10d1fd0389d', 'iv', 4),
  ('60f3d440-5e54-46ad-9fdf-f10d1fd0389d', 'hbot', 6),
  ('60f3d440-5e54-46ad-9fdf-f10d1fd0389d', 'red_light', 8),
  ('60f3d440-5e54-46ad-9fdf-f10d1fd0389d', 'fir', 6),
  ('9961680d-eee8-4518-b9a6-e548439ec94f', 'iv', 8),
  ('9961680d-eee8-4518-b9a6-e548439ec94f', 'fir', 8),
  ('185102c3-94f6-4ef1-af30-51e359c2f26f', 'iv', 12),
  ('185102c3-94f6-4ef1-af30-51e359c2f26f', 'hbot', 12),
  ('185102c3-94f6-4ef1-af30-51e359c2f26f', 'pet', 12),
  ('185102c3-94f6-4ef1-af30-51e359c2f26f', 'red_light', 12),
  ('f13c3b01-3050-4be0-a646-dccfc052ff5f', 'hbot', 20),
  ('f13c3b01-3050-4be0-a646-dccfc052ff5f', 'pet', 10),
  ('33c20545-2e62-46d0-82dc-b6c3a3fb28f8', 'iv', 6),
  ('7f46887a-2072-4bb0-9100-c745d3ccf4be', 'hbot', 20);

-- Any other key an existing enrollment holds becomes a program of its own (named after its key, planning
-- nothing yet), so that the reference below can be added to every database as it is.
INSERT INTO programs (id, key, name, description, length_weeks)
SELECT gen_random_uuid(), e.program, initcap(replace(e.program, '_', ' ')), '', 12
FROM (SELECT DISTINCT program FROM enrollments) e
WHERE NOT EXISTS (SELECT 1 FROM programs p WHERE p.key = e.program);

ALTER TABLE enrollments
  ADD CONSTRAINT enrollments_program_fkey FOREIGN KEY (program) REFERENCES programs (key) ON UPDATE CASCADE;
-- A program's page reads its enrollments.
CREATE INDEX enrollments_program_idx ON enrollments (program, status);

-- Progress counts a client's signed visits of one therapy, and completed appointments not charted by one.
CREATE INDEX visits_client_signed_idx ON visits (client_id, therapy, created_at) WHERE state = 'signed';

-- Discovery finds a client by any fragment of a phone number however it is written ("98450 12345",
-- "(984) 501-2345"): the digits of both numbers, trigram-indexed.
ALTER TABLE profiles ADD COLUMN phone_digits text GENERATED ALWAYS AS (
  regexp_replace(coalesce(phone_number, '') || ' ' || coalesce(alternate_phone, ''), '[^0-9 ]', '', 'g')
) STORED;
CREATE INDEX profiles_phone_digits_trgm_idx ON profiles USING gin (phone_digits gin_trgm_ops);
