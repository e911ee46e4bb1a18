-- Charting a clinician can sign, and a crisis path that reaches the clinic.
--
-- 1. A visit's beginning is the moment the device that started it opened it
--    (`opened_at`), not when the server first heard of it: a visit charted
--    offline reaches the server late, and its entries, timed by the device,
--    are checked against when it began. Visits from before this began when
--    the server received them (read as coalesce(opened_at, created_at)).
--    Each attribution ({ by, at }) now also keeps `recorded_at`, the device's
--    time of the entry, and `device_clock_offset_ms`; older ones read their
--    server time for both.
-- 2. The sign-off is an electronic signature (21 CFR 11.50): the signer's role
--    at the time, what the signature means (in the words the signer read),
--    how they re-authenticated, the device's clock offset and the warnings
--    they acknowledged with their reasons. All locked with the signature.
--    Visits signed before this were signed by ticking "I confirm this record
--    is accurate and complete", without re-authentication: that is what they
--    keep. Addenda are signed the same way.
-- 3. Each clinic names who handles privacy requests and the local emergency
--    number (112 in India, 999 in the United Kingdom) for the crisis path.
-- 4. Staff record reaching out to a client about a Thrive check that raised
--    an alert: kept, never changed, like addenda.

ALTER TABLE visits
  ADD COLUMN opened_at timestamptz,
  ADD COLUMN signed_role text,
  ADD COLUMN signature_meaning text CONSTRAINT visits_signature_meaning_known
    CHECK (signature_meaning IN ('performed', 'reviewed')),
  ADD COLUMN signature_meaning_text text,
  ADD COLUMN signature_reauthentication text CONSTRAINT visits_signature_reauthentication_known
    CHECK (signature_reauthentication IN ('password', 'passkey')),
  ADD COLUMN signature_clock_offset_ms bigint,
  ADD COLUMN signature_warnings jsonb NOT NULL DEFAULT '[]';

UPDATE visits v SET signed_role = u.role, signature_meaning = 'reviewed',
                    signature_meaning_text = 'I confirm this record is accurate and complete'
FROM users u
WHERE v.state = 'signed' AND u.id::text = v.signed_by;

ALTER TABLE visits ADD CONSTRAINT visits_signature_meant CHECK (
  state = 'draft' OR (signature_meaning IS NOT NULL AND signature_meaning_text IS NOT NULL)
) NOT VALID;

CREATE OR REPLACE FUNCTION visits_keep_signed_locked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.state = 'signed' AND (
    NEW.state IS DISTINCT FROM OLD.state OR NEW.content IS DISTINCT FROM OLD.content
    OR NEW.attributions IS DISTINCT FROM OLD.attributions OR NEW.therapy IS DISTINCT FROM OLD.therapy
    OR NEW.client_id IS DISTINCT FROM OLD.client_id OR NEW.signed_by IS DISTINCT FROM OLD.signed_by
    OR NEW.signed_at IS DISTINCT FROM OLD.signed_at OR NEW.content_hash IS DISTINCT FROM OLD.content_hash
    OR NEW.opened_at IS DISTINCT FROM OLD.opened_at OR NEW.signed_role IS DISTINCT FROM OLD.signed_role
    OR NEW.signature_meaning IS DISTINCT FROM OLD.signature_meaning
    OR NEW.signature_meaning_text IS DISTINCT FROM OLD.signature_meaning_text
    OR NEW.signature_reauthentication IS DISTINCT FROM OLD.signature_reauthentication
    OR NEW.signature_clock_offset_ms IS DISTINCT FROM OLD.signature_clock_offset_ms
    OR NEW.signature_warnings IS DISTINCT FROM OLD.signature_warnings
  ) THEN
    RAISE EXCEPTION 'A signed visit is locked; corrections are addenda' USING ERRCODE = 'check_violation',
      CONSTRAINT = 'visits_signed_locked';
  END IF;
  RETURN NEW;
END
$$;

ALTER TABLE visit_addenda
  ADD COLUMN author_role text,
  ADD COLUMN reauthentication text CONSTRAINT visit_addenda_reauthentication_known
    CHECK (reauthentication IN ('password', 'passkey')),
  ADD COLUMN written_on_device_at timestamptz;

ALTER TABLE clinics
  ADD COLUMN privacy_email text,
  ADD COLUMN emergency_number text CONSTRAINT clinics_emergency_number_dialable
    CHECK (emergency_number ~ '^[0-9]{2,4}$');

UPDATE clinics SET emergency_number = CASE time_zone
  WHEN 'Asia/Kolkata' THEN '112' WHEN 'Asia/Calcutta' THEN '112' WHEN 'Europe/London' THEN '999' END;

CREATE TABLE wellbeing_contacts (
  id uuid PRIMARY KEY,
  assessment_id uuid NOT NULL REFERENCES assessments (id) ON DELETE CASCADE,
  -- When staff reached out, as they typed it at the clinic; and when the server received the record.
  contacted_at timestamptz NOT NULL,
  method text NOT NULL CONSTRAINT wellbeing_contacts_method_known
    CHECK (method IN ('phone', 'video', 'in_person', 'sms', 'email')),
  outcome text NOT NULL CONSTRAINT wellbeing_contacts_outcome_known
    CHECK (outcome IN ('reached', 'no_answer', 'message_left')),
  note text CONSTRAINT wellbeing_contacts_note_short CHECK (length(note) <= 1000),
  created_by text NOT NULL,
  device_id uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wellbeing_contacts_assessment_idx ON wellbeing_contacts (assessment_id, contacted_at, id);
-- The hub's 'Needs attention': alerts nobody has reached the client about.
CREATE INDEX wellbeing_contacts_reached_idx ON wellbeing_contacts (assessment_id) WHERE outcome = 'reached';

CREATE FUNCTION wellbeing_contacts_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Contacts are kept as recorded: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
-- Deleting a client deletes its results and so these (the cascade); nothing else changes or removes one.
CREATE TRIGGER wellbeing_contacts_no_update BEFORE UPDATE ON wellbeing_contacts
  FOR EACH ROW EXECUTE FUNCTION wellbeing_contacts_refuse_change();
CREATE TRIGGER wellbeing_contacts_no_truncate BEFORE TRUNCATE ON wellbeing_contacts
  FOR EACH STATEMENT EXECUTE FUNCTION wellbeing_contacts_refuse_change();
