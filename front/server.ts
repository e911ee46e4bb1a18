/**
 * The production front: one origin for the browser. It serves the built app
 * from memory (hashed assets kept a year, everything else revalidated; the
 * brotli or gzip copy the browser accepts; the app's security headers on every
 * answer) and proxies `/api` to the API instances in turn and `/identity` to
 * the local identity service, over kept-alive connections both ways.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { createProxy, type Proxy } from './proxy.ts';
import { encodingFor, etagOf, fileFor, type StaticBuild, type StaticFile } from './static-files.ts';

export interface FrontOptions {
  build: StaticBuild;
  /** The API instances' base URLs; none for a front that only serves the app (a benchmark of its pages). */
  apiUpstreams: readonly string[];
  /** The identity service the app reaches at /identity (the local stack's); none in production. */
  identityUpstream?: string;
}

export interface Front {
  server: http.Server;
  /** Closes the proxies' kept-alive connections (after the server has stopped). */
  closeUpstreams(): void;
}

const API_PREFIX = '/api/';
const IDENTITY_PREFIX = '/identity';

function pathOf(url: string | undefined): string {
  const raw = (url ?? '/').split(/[?#]/, 1)[0]!;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function sendFile(req: IncomingMessage, res: ServerResponse, build: StaticBuild, file: StaticFile): void {
  const compressible = Object.keys(file.encoded).length > 0;
  const encoding = compressible ? encodingFor(file, req.headers['accept-encoding']) : null;
  const etag = etagOf(file, encoding);
  const headers: Record<string, string> = {
    ...build.securityHeaders,
    'Content-Type': file.type,
    'Cache-Control': file.cacheControl,
    ETag: etag,
  };
  if (compressible) headers.Vary = 'Accept-Encoding';
  if (req.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    res.writeHead(304, headers).end();
    return;
  }
  const body = encoding ? file.encoded[encoding]! : file.body;
  if (encoding) headers['Content-Encoding'] = encoding;
  headers['Content-Length'] = String(body.length);
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

function sendPlain(res: ServerResponse, build: StaticBuild, status: number, text: string, extra = {}): void {
  res
    .writeHead(status, {
      ...build.securityHeaders,
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-cache',
      ...extra,
    })
    .end(`${text}\n`);
}

export function createFront(options: FrontOptions): Front {
  const { build } = options;
  const api: Proxy | null =
    options.apiUpstreams.length > 0
      ? createProxy({ upstreams: options.apiUpstreams, defaultHeaders: build.securityHeaders })
      : null;
  const identity: Proxy | null = options.identityUpstream
    ? createProxy({
        upstreams: [options.identityUpstream],
        stripPrefix: IDENTITY_PREFIX,
        defaultHeaders: build.securityHeaders,
      })
    : null;

  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith(API_PREFIX)) {
      return api ? api.handle(req, res) : sendPlain(res, build, 502, 'No API behind this front');
    }
    if (identity && (url === IDENTITY_PREFIX || url.startsWith(`${IDENTITY_PREFIX}/`))) {
      return identity.handle(req, res);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendPlain(res, build, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
    }
    const file = fileFor(build, pathOf(url), req.headers.accept);
    if (!file) return sendPlain(res, build, 404, 'Not found');
    sendFile(req, res, build, file);
  });
  // Browsers keep connections open between requests; a quiet one is closed after 30 s.
  server.keepAliveTimeout = 30_000;
  server.headersTimeout = 31_000;
  return {
    server,
    closeUpstreams() {
      api?.close();
      identity?.close();
    },
  };
}
