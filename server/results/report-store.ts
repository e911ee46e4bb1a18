/**
 * The rows of the lab's original reports (migration 032): what a file is and
 * where report-files.ts put it. Results read only the size, when and by whom
 * (result-store.ts); the file's bytes are read for a download alone.
 */
import type { Queryable } from '../db/database.ts';
import type { StoredReport } from './report-files.ts';

export interface ReportToSave {
  resultId: string;
  sizeBytes: number;
  attachedBy: string;
  deviceId: string | null;
  stored: StoredReport;
}

/** Saves a result's report, replacing the one attached before. */
export async function saveReport(tx: Queryable, report: ReportToSave): Promise<void> {
  const { stored } = report;
  const [iv, authTag, ciphertext, objectKey] =
    stored.storage === 'database'
      ? [stored.iv, stored.authTag, stored.ciphertext, null]
      : [null, null, null, stored.objectKey];
  await tx.query(
    `INSERT INTO lab_result_reports (result_id, size_bytes, attached_at, attached_by, device_id, storage, iv, auth_tag,
                                     ciphertext, object_key)
     VALUES ($1, $2, now(), $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (result_id) DO UPDATE SET
       size_bytes = EXCLUDED.size_bytes, attached_at = EXCLUDED.attached_at, attached_by = EXCLUDED.attached_by,
       device_id = EXCLUDED.device_id, storage = EXCLUDED.storage, iv = EXCLUDED.iv, auth_tag = EXCLUDED.auth_tag,
       ciphertext = EXCLUDED.ciphertext, object_key = EXCLUDED.object_key`,
    [
      report.resultId,
      report.sizeBytes,
      report.attachedBy,
      report.deviceId,
      stored.storage,
      iv,
      authTag,
      ciphertext,
      objectKey,
    ],
  );
}

interface StoredRow {
  storage: StoredReport['storage'];
  iv: Uint8Array | null;
  auth_tag: Uint8Array | null;
  ciphertext: Uint8Array | null;
  object_key: string | null;
}

/** pg answers bytea as a Buffer, PGlite as a Uint8Array: one shape, without copying. */
function bytes(value: Uint8Array | null): Buffer {
  if (value === null) throw new Error('A lab report stored in the database lacks part of its file');
  return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
}

/** Where a result's report is kept, null when none is attached. */
export async function storedReport(db: Queryable, resultId: string): Promise<StoredReport | null> {
  const [row] = await db.query<StoredRow>(
    'SELECT storage, iv, auth_tag, ciphertext, object_key FROM lab_result_reports WHERE result_id = $1',
    [resultId],
  );
  if (!row) return null;
  if (row.storage === 's3') {
    if (row.object_key === null) throw new Error('A lab report stored in S3 lacks its object key');
    return { storage: 's3', objectKey: row.object_key };
  }
  return { storage: 'database', iv: bytes(row.iv), authTag: bytes(row.auth_tag), ciphertext: bytes(row.ciphertext) };
}
