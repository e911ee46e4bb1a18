/**
 * Checks the audit trail's hash chain: each row's hash is recomputed from its
 * content and the previous row's hash. A row changed, inserted or removed
 * behind the database's back (with the guarding triggers disabled) breaks the
 * chain there.
 */
import type { Queryable } from '../db/database.ts';

export interface ChainCheck {
  rows: number;
  /** The id of the first row whose hash does not follow; null when the chain is whole. */
  brokenAt: number | null;
}

export async function checkAuditChain(db: Queryable): Promise<ChainCheck> {
  const rows = await db.query<{ id: string; ok: boolean }>(
    `SELECT id::text AS id,
            hash = encode(sha256(convert_to(audit_log_content(a), 'UTF8')), 'hex')
              AND prev_hash IS NOT DISTINCT FROM lag(hash) OVER (ORDER BY id) AS ok
     FROM audit_log a ORDER BY id`,
  );
  const broken = rows.find((row) => !row.ok);
  return { rows: rows.length, brokenAt: broken ? Number(broken.id) : null };
}
