/** What the log says of a request: its route template and id, never its values. */
import type { Request, Response } from 'express';
import { logRequest, requestsLogged, type LogContext } from '../core/log.ts';

const ID_SEGMENT = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+)$/i;

/**
 * The route template of a request (`/api/v1/users/users/:id`). Before routing
 * (a refused token, a body breaking the contract) it is the path with every
 * id in it written `:id`, so no record is named.
 */
export function routeOf(req: Request): string {
  const template = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof template === 'string') return `${req.baseUrl}${template}`;
  const segments = `${req.baseUrl}${req.path}`
    .split('/')
    .map((segment) => (ID_SEGMENT.test(segment) ? ':id' : segment));
  return segments.join('/');
}

/** The log context of a request that failed. */
export function requestContext(event: string, req: Request, res: Response, status?: number): LogContext {
  return {
    event,
    ...(typeof res.locals.requestId === 'string' ? { requestId: res.locals.requestId } : {}),
    method: req.method,
    route: routeOf(req),
    ...(status === undefined ? {} : { status }),
  };
}

/** Logs the request once it is answered (or its client went away): route template, status, duration. */
export function logWhenAnswered(req: Request, res: Response): void {
  if (!requestsLogged()) return;
  const started = performance.now();
  res.once('close', () => {
    logRequest({
      requestId: String(res.locals.requestId),
      method: req.method,
      route: routeOf(req),
      // A client that went away before its answer: 499, as proxies write it.
      status: res.writableFinished ? res.statusCode : 499,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    });
  });
}
