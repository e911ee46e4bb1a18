/**
 * Signing a therapy visit as an electronic signature (21 CFR 11.50), and
 * correcting a signed one with addenda. The signer re-authenticated on the
 * device, states what the signature means, and gives a reason for every
 * plausibility warning; the server records the signer's role at the time and
 * the hash of what was signed, and locks the visit. Addenda are signed the
 * same way, by the roles that may sign the visit.
 */
import { createHash } from 'node:crypto';
import {
  CLOCK_TOLERANCE_MS,
  canonicalJson,
  plausibilityWarnings,
  profileSaysDiabetic,
  signatureMeaningText,
  signingProblems,
  unacknowledgedWarnings,
  warningKey,
  type VisitFieldError,
} from '@contract';
import { requireWritable } from '../access/fields.ts';
import type { AddendumCreate, LifestyleHistory, Visit, VisitSign } from '../core/contract-types.ts';
import { type AuditEntry } from '../core/audit-trail.ts';
import type { Answer } from '../core/answer.ts';
import { requireIfMatch, staleVersion } from '../core/preconditions.ts';
import { HttpProblem, badRequest, conflict } from '../core/problem.ts';
import { type Actor } from '../core/actor.ts';
import { operation } from '../core/operation.ts';
import { answerWith, locked, reachableVisit, visitFor, type VisitDeps } from './visit-reach.ts';
import { draftOf, loadVisit, type VisitRow } from './visit-store.ts';

/** 422: the visit cannot be signed yet; every field at fault is named (as a path into the visit). */
function notSignable(errors: readonly VisitFieldError[]): HttpProblem {
  return new HttpProblem(422, 'The visit is not complete yet: fill in what is marked, then sign.', errors);
}

/** The SHA-256 of what is signed: the visit's identity and content, and who entered what. */
export function signedContentHash(
  row: Pick<VisitRow, 'id' | 'client_id' | 'therapy' | 'appointment_id' | 'content' | 'attributions'>,
): string {
  const signed = {
    id: row.id,
    client_id: row.client_id,
    therapy: row.therapy,
    appointment_id: row.appointment_id,
    content: row.content,
    attributions: row.attributions,
  };
  return createHash('sha256').update(canonicalJson(signed)).digest('hex');
}

export interface VisitSignOff {
  id: string;
  body: VisitSign;
  ifMatch: string | undefined;
}

/** 422: a plausibility warning is left without the signer's reason. */
function warningsUnanswered(errors: readonly VisitFieldError[]): HttpProblem {
  return new HttpProblem(422, 'Some values need a second look: give a reason for each to sign.', errors);
}

/**
 * POST /visits/{id}/sign: locks a complete draft with the signer's electronic
 * signature (name and role, meaning, re-authentication, reasons for warnings).
 */
export async function signVisit(
  { db, now }: VisitDeps,
  caller: Actor,
  { id, body, ifMatch }: VisitSignOff,
): Promise<Answer<Visit>> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'visits.sign',
    resourceType: 'visit',
    resourceId: id,
    subjectId: null,
  };
  return operation(db, entry, async (audit) => {
    const expected = requireIfMatch(ifMatch);
    const at = now();
    const signedOnDevice = Date.parse(body.signed_on_device_at);
    if (signedOnDevice > at.getTime() + CLOCK_TOLERANCE_MS) {
      throw badRequest('The sign-off cannot be later than now.', [
        { field: 'body.signed_on_device_at', message: 'cannot be later than now' },
      ]);
    }
    return db.transaction(async (tx) => {
      const { row } = await reachableVisit(tx, caller, id, 'visits.sign', entry, { lock: true });
      requireWritable(caller, 'visit', body);
      if (!expected.includes(row.version)) throw staleVersion('visit', visitFor(caller, await loadVisit(tx, row)));
      if (row.state === 'signed') throw locked(row);
      const [client] = await tx.query<{ consented: boolean | null; lifestyle: LifestyleHistory | null }>(
        'SELECT hipaa_consent AS consented, lifestyle_history AS lifestyle FROM profiles WHERE client_id = $1',
        [row.client_id],
      );
      const problems = signingProblems(draftOf(row), {
        hipaaConsent: client?.consented === true,
        diabetic: profileSaysDiabetic(client?.lifestyle),
      });
      if (problems.length > 0) throw notSignable(problems);
      const warnings = plausibilityWarnings(draftOf(row), { plannedMinutes: row.planned_minutes });
      const acknowledged = body.acknowledged_warnings ?? [];
      const unanswered = unacknowledgedWarnings(warnings, acknowledged);
      if (unanswered.length > 0) throw warningsUnanswered(unanswered);
      if (signedOnDevice < new Date(row.opened_at).getTime() - CLOCK_TOLERANCE_MS) {
        throw badRequest('The sign-off cannot be earlier than the visit.', [
          { field: 'body.signed_on_device_at', message: 'earlier than the visit started' },
        ]);
      }
      const reasons = new Map(acknowledged.map((item) => [warningKey(item), item.reason.trim()]));
      const answered = warnings.map((warning) => ({ ...warning, reason: reasons.get(warningKey(warning)) ?? '' }));
      await tx.query(
        `UPDATE visits SET state = 'signed', signed_by = $2, signed_at = $3, signed_on_device_at = $4, content_hash = $5,
                           version = version + 1, updated_by = $2, updated_at = $3, signed_role = $6,
                           signature_meaning = $7, signature_meaning_text = $8, signature_reauthentication = $9,
                           signature_clock_offset_ms = $10, signature_warnings = $11::jsonb
         WHERE id = $1`,
        [
          id,
          caller.id,
          at,
          new Date(signedOnDevice),
          signedContentHash(row),
          caller.role,
          body.meaning,
          signatureMeaningText(body.meaning),
          body.reauthenticated_with,
          body.device_clock_offset_ms ?? null,
          JSON.stringify(answered),
        ],
      );
      if (row.appointment_id) {
        // Signing the visit completes the session it charted.
        await tx.query(
          `UPDATE appointments SET status = 'completed', completed_at = $2, version = version + 1, updated_at = $2
           WHERE id = $1 AND status = 'in_progress'`,
          [row.appointment_id, at],
        );
      }
      return answerWith(tx, caller, id, 200, audit);
    });
  });
}

export interface VisitAddendum {
  visitId: string;
  body: AddendumCreate;
}

/** POST /visits/{id}/addenda: a correction appended to a signed visit. */
export async function addAddendum(
  { db, now }: VisitDeps,
  caller: Actor,
  { visitId, body }: VisitAddendum,
): Promise<Answer<Visit>> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'visits.addendum',
    resourceType: 'visit',
    resourceId: visitId,
    subjectId: null,
    fields: ['text'],
  };
  return operation(db, entry, async (audit) => {
    return db.transaction(async (tx) => {
      // A correction of a signed record is for those who may sign it.
      const { row } = await reachableVisit(tx, caller, visitId, 'visits.sign', entry, { lock: true });
      requireWritable(caller, 'visit', body);
      if (row.state !== 'signed') {
        throw conflict('This visit is still a draft: change it directly; addenda correct a signed visit.', [
          { field: 'state', message: 'draft' },
        ]);
      }
      const [taken] = await tx.query<{ visit_id: string }>('SELECT visit_id FROM visit_addenda WHERE id = $1', [
        body.id,
      ]);
      if (taken) {
        throw conflict('An addendum with this id exists already.', [{ field: 'body.id', message: 'already used' }]);
      }
      const at = now();
      const written = body.written_on_device_at ? new Date(body.written_on_device_at) : at;
      if (written.getTime() > at.getTime() + CLOCK_TOLERANCE_MS) {
        throw badRequest('An addendum cannot be signed later than now.', [
          { field: 'body.written_on_device_at', message: 'cannot be later than now' },
        ]);
      }
      await tx.query(
        `INSERT INTO visit_addenda (id, visit_id, text, author_id, device_id, created_at, author_role, reauthentication,
                                    written_on_device_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [body.id, visitId, body.text, caller.id, caller.deviceId, at, caller.role, body.reauthenticated_with, written],
      );
      return answerWith(tx, caller, visitId, 201, audit);
    });
  });
}
