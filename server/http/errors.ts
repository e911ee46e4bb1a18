/**
 * How a request that failed is answered: a refusal before any operation ran
 * is audited, a write that lost the race for its Idempotency-Key is answered
 * as a retry, and every error becomes a problem (RFC 9457) that names the
 * fields at fault and quotes no value.
 */
import type { ErrorRequestHandler } from 'express';
import { isRecorded } from '../core/audit-trail.ts';
import { recordRefusal } from '../core/refusals.ts';
import { answerForTakenKey, KeyTakenMeanwhile } from '../core/idempotency-store.ts';
import { logError } from '../core/log.ts';
import { badRequest, HttpProblem, type FieldError } from '../core/problem.ts';
import type { AppDependencies } from './dependencies.ts';
import { requestContext, routeOf } from './request-log.ts';
import { sendAnswer, sendProblem } from './send.ts';

/** Bodies are small forms; the cap also bounds the work of checking all of a body's errors at once. */
export const BODY_LIMIT = '64kb';

/** A body parser's limit as people read it: 64 KB, 10 MB. */
function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number(mb.toFixed(1))} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** The HTTP status an error will be answered with, as far as it says. */
function statusOf(error: unknown): number | undefined {
  if (error instanceof HttpProblem) return error.status;
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown };
  if (typeof status === 'number') return status;
  return typeof statusCode === 'number' ? statusCode : undefined;
}

/**
 * Every request refused before an operation ran (no valid token, a body
 * breaking the contract, too large, wrong method or type, too many requests)
 * leaves one audit record; operations record their own refusals.
 */
export function auditRefusals(deps: AppDependencies): ErrorRequestHandler {
  return async (error: unknown, req, res, next) => {
    const status = statusOf(error);
    if (status !== undefined && status < 500 && !isRecorded(error)) {
      const caller = res.locals.caller;
      await recordRefusal(
        deps.db,
        {
          actor: caller ? { ...caller, deviceId: res.locals.deviceId ?? null, idempotency: null } : null,
          status,
          route: routeOf(req),
          address: req.ip ?? null,
        },
        deps.refusalTallyMs,
      ).catch((auditError: unknown) => logError(requestContext('Recording a refusal failed', req, res), auditError));
    }
    next(error);
  };
}

/**
 * A write that lost the race for its Idempotency-Key to an identical request
 * (rolled back, so nothing of it stays) is answered as a retry of that one.
 */
export function keyTakenMeanwhile(deps: AppDependencies): ErrorRequestHandler {
  return async (error: unknown, _req, res, next) => {
    if (!(error instanceof KeyTakenMeanwhile) || res.headersSent) return next(error);
    const claim = res.locals.idempotency;
    if (!claim) return next(error);
    try {
      sendAnswer(res, await answerForTakenKey(deps.db, error, claim.requestHash));
    } catch (answerError) {
      next(answerError);
    }
  };
}

interface ValidatorError {
  status: number;
  message: string;
  errors: { path: string; message: string }[];
}

/** express-openapi-validator's errors carry a status and per-field items. */
function isValidatorError(error: unknown): error is ValidatorError {
  if (!(error instanceof Error)) return false;
  const { status, errors } = error as { status?: unknown; errors?: unknown };
  return typeof status === 'number' && Array.isArray(errors);
}

/** `/body/phone_number` -> `body.phone_number`; `/params/id` -> `path.id`; `/headers/if-match` -> `header.if-match`. */
function fieldName(validatorPath: string): string {
  const [location = '', ...rest] = validatorPath.replace(/^[./]/, '').split(/[./]/);
  const renamed = ({ params: 'path', headers: 'header' } as Record<string, string>)[location] ?? location;
  return [renamed, ...rest].filter(Boolean).join('.');
}

/** The SQLSTATE of a database error (both drivers put it in `code`). */
function sqlStateOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** body-parser marks its own errors with a `type`. */
function bodyParserErrorType(error: unknown): string | undefined {
  const type = (error as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? type : undefined;
}

export const problemHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) return next(error);
  res.set('Cache-Control', 'no-store');
  if (error instanceof HttpProblem) return sendProblem(res, error);
  if (bodyParserErrorType(error) === 'entity.parse.failed') {
    return sendProblem(res, badRequest('The body is not valid JSON.', [{ field: 'body', message: 'not valid JSON' }]));
  }
  if (bodyParserErrorType(error) === 'entity.too.large') {
    const limit = (error as { limit?: unknown }).limit;
    const most = typeof limit === 'number' ? sizeText(limit) : BODY_LIMIT;
    return sendProblem(
      res,
      new HttpProblem(413, `The body is larger than ${most}.`, [{ field: 'body', message: `must be ${most} at most` }]),
    );
  }
  if (isValidatorError(error)) {
    if (error.status >= 500) {
      // A response that breaks the contract is our bug; say so in the log, not to the caller.
      // Which fields of our answer broke the contract, by path; never their values.
      logError({
        ...requestContext('Response breaks the contract', req, res, 500),
        ids: { fields: error.errors.map((item) => item.path).join(' ') },
      });
      return sendProblem(res, new HttpProblem(500, 'Something went wrong on our side.'));
    }
    const fields: FieldError[] = error.errors.map((item) => ({ field: fieldName(item.path), message: item.message }));
    const detail = error.status === 400 ? 'The request does not match the API contract.' : error.message;
    return sendProblem(res, new HttpProblem(error.status, detail, error.status === 400 ? fields : undefined));
  }
  const sqlState = sqlStateOf(error);
  if (sqlState?.startsWith('22') || sqlState?.startsWith('23')) {
    // A value the database cannot take (class 22) or a rule it keeps (class 23) that no check before it caught:
    // the request was at fault. Logged, so the check that should have caught it can be written.
    logError(requestContext('Database refused a value', req, res, 400), error);
    return sendProblem(res, badRequest('The database cannot store one of the values sent.'));
  }
  logError(requestContext('Unexpected error', req, res, 500), error);
  return sendProblem(res, new HttpProblem(500, 'Something went wrong on our side.'));
};
