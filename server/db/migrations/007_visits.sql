-- Therapy visits: charted at the bay (often offline), signed, locked, and
-- corrected only by addenda.
--
-- A visit's id is made on the device that starts it, so a creation sent twice
-- can never make two visits. What was charted is one JSON document (the
-- shared frame and the therapy's own fields, shaped and checked by the
-- contract and openapi/visits.ts); who entered each entry and field, and when,
-- is kept beside it, written by the server from the token's subject.
--
-- Locked means locked here, not only in the API: a signed visit's content,
-- signature and hash cannot be updated, and addenda can be neither updated nor
-- deleted, whoever connects to the database.

CREATE TABLE visits (
  id uuid PRIMARY KEY,
  client_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  therapy text NOT NULL CONSTRAINT visits_therapy_known CHECK (therapy IN ('iv', 'hbot', 'pet', 'red_light', 'fir')),
  appointment_id uuid REFERENCES appointments (id) ON DELETE SET NULL,
  clinic_id uuid REFERENCES clinics (id),
  state text NOT NULL DEFAULT 'draft' CONSTRAINT visits_state_known CHECK (state IN ('draft', 'signed')),
  -- The draft as charted: consent, contraindications, vitals, reactions, notes and the therapy's fields.
  content jsonb NOT NULL,
  -- Who entered what, and when: { "<entry id or field path>": { "by": username, "at": instant } }.
  attributions jsonb NOT NULL DEFAULT '{}',
  -- Optimistic concurrency: the ETag; every change adds one.
  version integer NOT NULL DEFAULT 1,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  signed_by text,
  signed_at timestamptz,
  signed_on_device_at timestamptz,
  -- SHA-256 (hex) of the signed content in canonical JSON.
  content_hash text,
  CONSTRAINT visits_signature_complete CHECK (
    (state = 'draft' AND signed_by IS NULL AND signed_at IS NULL AND content_hash IS NULL)
    OR (state = 'signed' AND signed_by IS NOT NULL AND signed_at IS NOT NULL AND content_hash IS NOT NULL)
  )
);
-- A client's history (discovery, the portal), newest first; the hub's drafts to complete.
CREATE INDEX visits_client_idx ON visits (client_id, created_at DESC);
CREATE INDEX visits_drafts_idx ON visits (clinic_id, created_at) WHERE state = 'draft';
CREATE INDEX visits_appointment_idx ON visits (appointment_id) WHERE appointment_id IS NOT NULL;

CREATE TABLE visit_addenda (
  id uuid PRIMARY KEY,
  visit_id uuid NOT NULL REFERENCES visits (id) ON DELETE CASCADE,
  text text NOT NULL CONSTRAINT visit_addenda_text_sane CHECK (length(text) BETWEEN 1 AND 4000),
  author_id text NOT NULL,
  device_id uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX visit_addenda_visit_idx ON visit_addenda (visit_id, created_at, id);

CREATE FUNCTION visits_keep_signed_locked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.state = 'signed' AND (
    NEW.state IS DISTINCT FROM OLD.state OR NEW.content IS DISTINCT FROM OLD.content
    OR NEW.attributions IS DISTINCT FROM OLD.attributions OR NEW.therapy IS DISTINCT FROM OLD.therapy
    OR NEW.client_id IS DISTINCT FROM OLD.client_id OR NEW.signed_by IS DISTINCT FROM OLD.signed_by
    OR NEW.signed_at IS DISTINCT FROM OLD.signed_at OR NEW.content_hash IS DISTINCT FROM OLD.content_hash
  ) THEN
    RAISE EXCEPTION 'A signed visit is locked; corrections are addenda' USING ERRCODE = 'check_violation',
      CONSTRAINT = 'visits_signed_locked';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER visits_signed_locked BEFORE UPDATE ON visits FOR EACH ROW EXECUTE FUNCTION visits_keep_signed_locked();

CREATE FUNCTION visit_addenda_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Addenda are append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
-- Deleting a client deletes its visits and so their addenda (the cascade); nothing else removes one.
CREATE TRIGGER visit_addenda_no_update BEFORE UPDATE ON visit_addenda
  FOR EACH ROW EXECUTE FUNCTION visit_addenda_refuse_change();
CREATE TRIGGER visit_addenda_no_truncate BEFORE TRUNCATE ON visit_addenda
  FOR EACH STATEMENT EXECUTE FUNCTION visit_addenda_refuse_change();
REVOKE UPDATE, DELETE, TRUNCATE ON visit_addenda FROM PUBLIC;
