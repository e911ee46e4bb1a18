-- Thrive's first schema: users (who may sign in, and with which role), their
-- profiles, program enrollments, and the audit log.
--
-- The role lives on users and nowhere else: the API decides access from it,
-- never from the identity token. A profile's e-mail and role are read from its
-- user row, so there is one source for each.

-- Trigram indexes make the user list's substring search (name, e-mail, phone) fast.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE users (
  -- The identity service's username.
  id uuid PRIMARY KEY,
  email text NOT NULL CONSTRAINT users_email_lowercase CHECK (email = lower(email)),
  role text CONSTRAINT users_role_known CHECK (
    role IN ('CLIENT', 'NURSE', 'RECEPTION', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST', 'ADMIN', 'SUPER_ADMIN')
  ),
  status text NOT NULL DEFAULT 'active' CONSTRAINT users_status_known CHECK (status IN ('active', 'disabled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_email_key UNIQUE (email)
);
CREATE INDEX users_role_idx ON users (role);
CREATE INDEX users_created_at_idx ON users (created_at, id);
CREATE INDEX users_email_trgm_idx ON users USING gin (email gin_trgm_ops);

CREATE TABLE profiles (
  user_profile_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL CONSTRAINT profiles_client_id_key UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  first_name text NOT NULL,
  last_name text NOT NULL,
  title text,
  gender text CONSTRAINT profiles_gender_known CHECK (gender IN ('M', 'F')),
  date_of_birth date,
  phone_number text,
  alternate_phone text,
  alternate_email text,
  preferred_contact_method text NOT NULL DEFAULT 'phone',
  city text,
  state text,
  country text,
  zipcode text,
  address_line_1 text,
  address_line_2 text,
  profile_picture text,
  occupation text,
  organization text,
  clinic text,
  emergency_contact_name text,
  emergency_contact_relation text,
  emergency_contact_number text,
  appointment_duration interval NOT NULL DEFAULT '00:30:00',
  health_goals text,
  client_story text,
  lifestyle_history jsonb NOT NULL DEFAULT '{}',
  family_history jsonb NOT NULL DEFAULT '{}',
  abha_number text,
  aadhar_number text,
  hipaa_consent boolean NOT NULL DEFAULT false,
  hipaa_consent_date timestamptz,
  hipaa_consent_version text,
  -- Optimistic concurrency: the ETag; every change adds one.
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- What the user list's search matches besides the e-mail, kept in one indexed column.
  search_text text GENERATED ALWAYS AS (
    lower(first_name || ' ' || last_name || ' ' || coalesce(phone_number, ''))
  ) STORED
);
CREATE INDEX profiles_search_trgm_idx ON profiles USING gin (search_text gin_trgm_ops);
CREATE INDEX profiles_name_idx ON profiles (lower(last_name), lower(first_name), client_id);

CREATE TABLE enrollments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  program text NOT NULL,
  status text NOT NULL,
  start_date date NOT NULL,
  end_date date,
  notes text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT enrollments_dates_ordered CHECK (end_date IS NULL OR end_date >= start_date)
);
CREATE INDEX enrollments_user_idx ON enrollments (user_id, start_date, id);

-- Who did what to whose record, and how it ended. Never the values read or
-- written: only ids, the action, and the names of the fields changed. No
-- foreign keys, so the trail outlives the records it describes.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  -- The caller's identity username (a UUID for every account Thrive creates).
  actor_id text NOT NULL,
  action text NOT NULL,
  resource_type text NOT NULL,
  resource_id uuid,
  -- The user whose data it is (for an enrollment, its client), when there is one.
  subject_id uuid,
  outcome text NOT NULL CONSTRAINT audit_log_outcome_known CHECK (
    outcome IN ('success', 'denied', 'not_found', 'conflict', 'invalid', 'error')
  ),
  fields jsonb
);
CREATE INDEX audit_log_subject_idx ON audit_log (subject_id, at);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, at);
