/**
 * The front's reverse proxy: `/api` to the API instances in turn
 * (round-robin) and `/identity` to the local identity service, over kept-alive
 * connections, with X-Forwarded-For so the API sees the client's address (it
 * trusts the front on loopback).
 *
 * When an upstream cannot be reached, a request without a body (a read) is
 * sent to the next instance, and the one that failed is skipped for a moment.
 * A request with a body is not sent twice: the browser's connection is dropped
 * instead, as it would be without a proxy, and the app's outbox sends the
 * change again with the same Idempotency-Key.
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';

/** Headers of one connection, never passed on (RFC 9110, 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** How long an upstream that refused a connection is passed over. */
const SKIP_FAILED_MS = 2_000;

interface Upstream {
  host: string;
  port: number;
  /** Not asked again before this time (ms since the epoch). */
  skipUntil: number;
}

export interface ProxyOptions {
  /** Base URLs (`http://127.0.0.1:11180`), taken in turn. */
  upstreams: readonly string[];
  /** A path prefix the upstream does not know (`/identity`). */
  stripPrefix?: string;
  /** Headers an answer gets unless the upstream sends its own (the app's security headers). */
  defaultHeaders?: Readonly<Record<string, string>>;
}

export interface Proxy {
  handle(req: IncomingMessage, res: ServerResponse): void;
  close(): void;
}

function upstreamOf(base: string): Upstream {
  const url = new URL(base);
  if (url.protocol !== 'http:') throw new Error(`The front proxies to http:// upstreams only, not ${base}`);
  return { host: url.hostname, port: Number(url.port || 80), skipUntil: 0 };
}

function forwardedHeaders(req: IncomingMessage): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
  const address = req.socket.remoteAddress ?? '';
  const before = req.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = before ? `${String(before)}, ${address}` : address;
  headers['x-forwarded-proto'] ??= 'http';
  if (req.headers.host) headers['x-forwarded-host'] ??= req.headers.host;
  return headers;
}

function answerHeaders(upstream: IncomingMessage, defaults: Readonly<Record<string, string>>) {
  const headers: Record<string, string | string[]> = { ...defaults };
  for (const [name, value] of Object.entries(upstream.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    // An upstream's header replaces the default of the same name, whatever its case.
    for (const key of Object.keys(headers)) if (key.toLowerCase() === name) delete headers[key];
    headers[name] = value;
  }
  return headers;
}

export function createProxy(options: ProxyOptions): Proxy {
  if (options.upstreams.length === 0) throw new Error('The front needs at least one upstream to proxy to.');
  const upstreams = options.upstreams.map(upstreamOf);
  const defaults = options.defaultHeaders ?? {};
  // Connections kept open between requests, closed after 30 s unused: before the API closes them (65 s), so a
  // request is not written to a socket the API is closing.
  const agent = new http.Agent({ keepAlive: true, timeout: 30_000, scheduling: 'lifo' });
  let next = 0;

  /** The next upstream in turn that is not being passed over (or the next in turn, if all are). */
  function pick(): Upstream {
    const now = Date.now();
    for (let tried = 0; tried < upstreams.length; tried++) {
      const candidate = upstreams[next++ % upstreams.length]!;
      if (candidate.skipUntil <= now) return candidate;
    }
    return upstreams[next++ % upstreams.length]!;
  }

  function send(req: IncomingMessage, res: ServerResponse, attemptsLeft: number): void {
    const upstream = pick();
    const path =
      options.stripPrefix && req.url?.startsWith(options.stripPrefix)
        ? req.url.slice(options.stripPrefix.length) || '/'
        : (req.url ?? '/');
    const hasBody = req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0';
    const bodyless = !hasBody && req.headers['transfer-encoding'] === undefined;
    const outgoing = http.request({
      agent,
      host: upstream.host,
      port: upstream.port,
      method: req.method,
      path,
      headers: forwardedHeaders(req),
    });
    outgoing.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answerHeaders(answer, defaults));
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (res.headersSent || res.destroyed) return res.destroy();
      if (error.code === 'ECONNREFUSED') upstream.skipUntil = Date.now() + SKIP_FAILED_MS;
      // A read is safe to ask again; a kept-alive connection the upstream closed meanwhile fails the same way.
      const again = bodyless && attemptsLeft > 0 && (error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET');
      if (again) return send(req, res, attemptsLeft - 1);
      // What the browser would see without a proxy: no answer. The app shows its network messages.
      req.socket.destroy();
    });
    // A browser that goes away takes its request with it.
    res.on('close', () => {
      if (!res.writableFinished) outgoing.destroy();
    });
    if (bodyless) outgoing.end();
    else req.pipe(outgoing);
  }

  return {
    handle: (req, res) => send(req, res, upstreams.length),
    close: () => agent.destroy(),
  };
}
