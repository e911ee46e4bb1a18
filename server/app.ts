/**
 * The reference API as an Express app, mounted at /api/v1.
 *
 * Order of work for every request: no-store header, JSON body, then (except
 * for /health) the caller's token, the caller's rate limit, then validation against the contract,
 * then a write's Idempotency-Key (a retry is answered from the stored
 * answer), then the handler. Authentication comes before validation so that a caller
 * without a valid token learns nothing about the API's shapes.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import express, { type ErrorRequestHandler, type Express } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { authenticate, callerOf } from './auth/authenticate.ts';
import type { AppDependencies } from './dependencies.ts';
import { CONTRACT_FORMATS, refuseNul } from './http/input-limits.ts';
import { logError, requestContext, routeOf } from './http/log.ts';
import { isRecorded, recordRefusal } from './audit/audit-log.ts';
import { DEFAULT_RATE_LIMITS, rateLimit } from './http/rate-limit.ts';
import { securityHeaders } from './http/security-headers.ts';
import { HttpProblem, badRequest, sendProblem, type FieldError } from './http/problem.ts';
import { API_BASE_PATH, sendAnswer } from './http/answer.ts';
import { KeyTakenMeanwhile, answerForTakenKey, idempotencyKeys } from './http/idempotency.ts';
import { apiRoutes } from './http/routes.ts';

export const CONTRACT_PATH = path.resolve(import.meta.dirname, '../openapi/clinic.yaml');
/** Bodies are small forms; the cap also bounds the work of checking all of a body's errors at once. */
const BODY_LIMIT = '64kb';

export function createApp(deps: AppDependencies): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(securityHeaders);

  const api = express.Router();
  api.use((_req, res, next) => {
    // Health data must not be kept by browsers or proxies, error answers included.
    res.set('Cache-Control', 'no-store');
    // One id per request, in the answer and in any log line about it: what support asks for, instead of data.
    res.locals.requestId = randomUUID();
    res.set('X-Request-Id', res.locals.requestId);
    next();
  });
  api.use(express.json({ limit: BODY_LIMIT, type: ['application/json', 'application/*+json'] }));

  api.get('/health', async (_req, res) => {
    await deps.db.query('SELECT 1');
    res.json({ status: 'ok' });
  });

  api.use(authenticate(deps.verifyAccessToken, deps.db));
  api.use(rateLimit(deps.rateLimits ?? DEFAULT_RATE_LIMITS, (res) => callerOf(res).id));
  api.use(
    OpenApiValidator.middleware({
      apiSpec: CONTRACT_PATH,
      validateRequests: {
        allowUnknownQueryParameters: false,
        removeAdditional: false,
        // Name every field at fault, not only the first.
        allErrors: true,
      },
      validateResponses: deps.validateResponses ? { removeAdditional: false } : false,
      validateSecurity: false,
      ajvFormats: { mode: 'full' },
      formats: CONTRACT_FORMATS,
    }),
  );
  api.use(refuseNul);
  api.use(idempotencyKeys(deps.db, (res) => callerOf(res).id));
  api.use(apiRoutes(deps));

  app.use(API_BASE_PATH, api);
  app.use((_req, res) => {
    res.set('Cache-Control', 'no-store');
    sendProblem(res, new HttpProblem(404, 'There is nothing at this address.'));
  });
  app.use(keyTakenMeanwhile(deps));
  app.use(auditRefusals(deps));
  app.use(problemHandler);
  return app;
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
function auditRefusals(deps: AppDependencies): ErrorRequestHandler {
  return async (error: unknown, req, res, next) => {
    const status = statusOf(error);
    if (status !== undefined && status < 500 && !isRecorded(error)) {
      const caller = res.locals.caller;
      await recordRefusal(deps.db, {
        actor: caller ? { ...caller, deviceId: res.locals.deviceId ?? null, idempotency: null } : null,
        status,
        route: routeOf(req),
      }).catch((auditError: unknown) => logError(requestContext('Recording a refusal failed', req, res), auditError));
    }
    next(error);
  };
}

/**
 * A write that lost the race for its Idempotency-Key to an identical request
 * (rolled back, so nothing of it stays) is answered as a retry of that one.
 */
function keyTakenMeanwhile(deps: AppDependencies): ErrorRequestHandler {
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

const problemHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) return next(error);
  res.set('Cache-Control', 'no-store');
  if (error instanceof HttpProblem) return sendProblem(res, error);
  if (bodyParserErrorType(error) === 'entity.parse.failed') {
    return sendProblem(res, badRequest('The body is not valid JSON.', [{ field: 'body', message: 'not valid JSON' }]));
  }
  if (bodyParserErrorType(error) === 'entity.too.large') {
    return sendProblem(res, new HttpProblem(413, `The body is larger than ${BODY_LIMIT}.`));
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
