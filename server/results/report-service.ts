/**
 * The lab's original report (a PDF) of a result: attached by those who enter
 * results, downloaded by those who read a result's values (the access table:
 * rules.ts's `results.write`, result-fields.ts's `report`), kept encrypted
 * (report-files.ts). Every attach and download is an audited operation.
 */
import { startsAsPdf } from '@contract';
import { answerFor, readsAll } from '../access/fields.ts';
import { requireGrant, requireSomeGrant, targetUser } from '../access/grants.ts';
import type { Actor } from '../core/actor.ts';
import type { Answer } from '../core/answer.ts';
import type { AuditEntry } from '../core/audit-trail.ts';
import { operation } from '../core/operation.ts';
import { etagOfVersion, requireIfMatch, staleVersion } from '../core/preconditions.ts';
import { badRequest, forbidden, notFound } from '../core/problem.ts';
import type { Database } from '../db/database.ts';
import type { ReportFiles } from './report-files.ts';
import { saveReport, storedReport } from './report-store.ts';
import { reportFileName, selectResultRow, testName, toResult, type Result } from './result-store.ts';
import { NO_RESULTS, reachableResult } from './results-service.ts';

export interface ReportDeps {
  db: Database;
  reportFiles: ReportFiles;
}

export interface AttachRequest {
  id: string;
  pdf: Buffer;
  ifMatch: string | undefined;
}

/** PUT /results/{id}/report: attaches the PDF (or replaces the one attached), moving the result on a version. */
export async function attachReport(
  { db, reportFiles }: ReportDeps,
  caller: Actor,
  { id, pdf, ifMatch }: AttachRequest,
): Promise<Answer<Result>> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'results.report-attach',
    resourceType: 'result',
    resourceId: id,
    subjectId: null,
    fields: ['report'],
  };
  return operation(db, entry, async (audit) => {
    // Told before the result is looked up: a role that may not attach learns nothing of which results exist.
    requireSomeGrant(caller, 'results.write');
    const versions = requireIfMatch(ifMatch);
    // Checked before the file is stored, so a refused request leaves nothing behind; again under the lock below.
    const before = await reachableResult(db, caller, id, entry);
    requireGrant(caller, 'results.write', await targetUser(db, before.client_id));
    // What does not begin as a PDF is not one, whatever its Content-Type said.
    if (!startsAsPdf(pdf)) {
      throw badRequest('The report must be a PDF file.', [
        { field: 'body', message: 'is not a PDF: a PDF file begins with %PDF-' },
      ]);
    }
    if (!versions.includes(before.version)) throw staleVersion('result', answerFor(caller, 'result', toResult(before)));
    const stored = await reportFiles.store(id, pdf);
    return db.transaction(async (tx) => {
      const row = await reachableResult(tx, caller, id, entry, { lock: true });
      if (!versions.includes(row.version)) throw staleVersion('result', answerFor(caller, 'result', toResult(row)));
      await saveReport(tx, {
        resultId: id,
        sizeBytes: pdf.length,
        attachedBy: caller.id,
        deviceId: caller.deviceId,
        stored,
      });
      await tx.query('UPDATE lab_results SET version = version + 1 WHERE id = $1', [id]);
      const attached = await selectResultRow(tx, id);
      if (!attached) throw new Error(`Result ${id} vanished while its report was attached`);
      const body = answerFor(caller, 'result', toResult(attached));
      return audit.recordSuccess(tx, { status: 200, body, headers: { ETag: etagOfVersion(body.version) } });
    });
  });
}

export interface ReportFile {
  pdf: Buffer;
  fileName: string;
}

/** GET /results/{id}/report: the PDF, for a caller who reads the result's values. */
export async function readReport({ db, reportFiles }: ReportDeps, caller: Actor, id: string): Promise<ReportFile> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'results.report-read',
    resourceType: 'result',
    resourceId: id,
    subjectId: null,
  };
  return operation(db, entry, async () => {
    requireSomeGrant(caller, 'results.read', NO_RESULTS);
    // Looked up first, so a refusal's record names whose report it was; the caller may list the result anyway.
    const row = await reachableResult(db, caller, id, entry);
    // Reception reads that a result exists, not what it says; the report says it all.
    if (!readsAll(caller, 'result', ['report'])) {
      throw forbidden('Your role reads only that a result exists, not its report.');
    }
    const stored = await storedReport(db, id);
    if (!stored) throw notFound('No report is attached to this result.');
    const pdf = await reportFiles.fetch(id, stored);
    return { pdf, fileName: reportFileName(testName(row), new Date(row.collected_at), row.time_zone) };
  });
}
