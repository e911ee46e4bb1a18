-- The lab's original report (a PDF) attached to a lab result: one per result, attached again it replaces the one
-- before (the production bucket is versioned and keeps the earlier object). The file is never stored in the clear
-- (server/results/report-files.ts):
-- - `database` (locally): AES-256-GCM under the API's key (REPORT_FILES_KEY), a random 12-byte IV per file, the
--   16-byte tag, and the result's id bound as additional authenticated data, so a file copied onto another result
--   does not open;
-- - `s3` (production, REPORT_FILES_BUCKET): in the reports bucket under SSE-KMS; the row holds the object's key.
-- Its own file name is not kept (a lab's often names the client); lists read only the size, when and by whom.
CREATE TABLE lab_result_reports (
  result_id uuid PRIMARY KEY REFERENCES lab_results (id) ON DELETE CASCADE,
  size_bytes integer NOT NULL CONSTRAINT lab_result_reports_size_sane CHECK (size_bytes BETWEEN 5 AND 10485760),
  attached_at timestamptz NOT NULL DEFAULT now(),
  -- The identity username of who attached it (the token's subject).
  attached_by text NOT NULL,
  device_id uuid,
  storage text NOT NULL CONSTRAINT lab_result_reports_storage_known CHECK (storage IN ('database', 's3')),
  iv bytea,
  auth_tag bytea,
  ciphertext bytea,
  object_key text,
  CONSTRAINT lab_result_reports_stored_whole CHECK (
    (storage = 'database' AND coalesce(length(iv), 0) = 12 AND coalesce(length(auth_tag), 0) = 16
     AND ciphertext IS NOT NULL AND object_key IS NULL)
    OR (storage = 's3' AND object_key IS NOT NULL AND iv IS NULL AND auth_tag IS NULL AND ciphertext IS NULL)
  )
);
