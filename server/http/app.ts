/**
 * The reference API as an Express app, mounted at /api/v1.
 *
 * Order of work for every request: no-store header and request id, JSON body,
 * then (except for /health and /ready, and only once the database's schema is
 * at this release's head) the caller's token, the caller's rate limit, a lab
 * report's PDF body, then validation against the contract,
 * then a write's Idempotency-Key (a retry is answered from the stored
 * answer), then the handler. Authentication comes before validation so that a caller
 * without a valid token learns nothing about the API's shapes.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import express, { type Express } from 'express';
import { LAB_REPORT_MAX_BYTES } from '@contract';
import * as OpenApiValidator from 'express-openapi-validator';
import { authenticate, callerOf } from './authenticate.ts';
import type { AppDependencies } from './dependencies.ts';
import { CONTRACT_FORMATS, refuseNul } from './input-limits.ts';
import { DEFAULT_RATE_LIMITS, createRateLimiter, rateLimit, throttleRefusedAuthentication } from './rate-limit.ts';
import { securityHeaders } from './security-headers.ts';
import { HttpProblem } from '../core/problem.ts';
import { API_BASE_PATH } from '../core/answer.ts';
import { idempotencyKeys } from './idempotency.ts';
import { apiRoutes } from './routes/index.ts';
import { unsubscribeRoutes } from './routes/unsubscribe.ts';
import { sendProblem } from './send.ts';
import { BODY_LIMIT, auditRefusals, keyTakenMeanwhile, problemHandler } from './errors.ts';
import { createReadiness } from '../core/readiness.ts';
import { logWhenAnswered } from './request-log.ts';

export const CONTRACT_PATH = path.resolve(import.meta.dirname, '../../openapi/clinic.yaml');

export function createApp(deps: AppDependencies): Express {
  const app = express();
  app.disable('x-powered-by');
  // The client's address (the refused-authentication limit) from the proxy in front, when it is one we trust.
  // A number is a count of proxies (CloudFront and a load balancer: 2), anything else addresses or names.
  const trustProxy = deps.trustProxy ?? 'loopback';
  app.set('trust proxy', /^\d+$/.test(trustProxy) ? Number(trustProxy) : trustProxy);
  app.set('etag', false);
  app.use(securityHeaders);

  const api = express.Router();
  api.use((req, res, next) => {
    // Health data must not be kept by browsers or proxies, error answers included.
    res.set('Cache-Control', 'no-store');
    // One id per request, in the answer and in any log line about it: what support asks for, instead of data.
    res.locals.requestId = randomUUID();
    res.set('X-Request-Id', res.locals.requestId);
    logWhenAnswered(req, res);
    // While stopping, each answer ends its connection, so clients move to another instance.
    if (deps.readiness?.stopping()) res.set('Connection', 'close');
    next();
  });
  api.use(express.json({ limit: BODY_LIMIT, type: ['application/json', 'application/*+json'] }));

  // Alive: the process answers (a container that stops answering this is replaced).
  api.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // Ready: worth sending requests to (the load balancer's check).
  const readiness = deps.readiness ?? createReadiness(deps.db);
  api.get('/ready', async (_req, res) => {
    const state = await readiness.check();
    res
      .status(state.ready ? 200 : 503)
      .json(state.ready ? { status: 'ready' } : { status: 'not_ready', reason: state.reason });
  });
  api.use((_req, _res, next) => {
    if (readiness.serving()) return next();
    throw new HttpProblem(
      503,
      'The API is waiting for its database to be brought up to date; try again shortly.',
      undefined,
      {
        'Retry-After': '5',
      },
    );
  });

  // A mail client's one-click unsubscribe carries no token of a signed-in user: its link is its proof.
  api.use(unsubscribeRoutes(deps));

  const rateLimits = deps.rateLimits ?? DEFAULT_RATE_LIMITS;
  // One store for both limits: this process's memory unless the process is one of several (main.ts).
  const rateLimitStore = deps.rateLimitStore ?? createRateLimiter();
  api.use(
    throttleRefusedAuthentication(
      rateLimits.unauthenticated,
      authenticate(deps.verifyAccessToken, deps.db),
      rateLimitStore,
    ),
  );
  api.use(rateLimit(rateLimits, (res) => callerOf(res).id, rateLimitStore));
  // A lab's PDF, read only once the caller is known and within its limits: no one else makes the API hold 10 MB.
  api.use('/results/:id/report', express.raw({ type: 'application/pdf', limit: LAB_REPORT_MAX_BYTES }));
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
