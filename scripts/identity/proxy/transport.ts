/**
 * The proxy's HTTP side: request bodies, answers with the headers every answer
 * carries (no caching, no sniffing, CORS for the app's own origin only), and
 * calls passed through to the emulator as they came.
 */
import type http from 'node:http';
import { CognitoError, type Json } from './cognito.ts';
import { JSON_CONTENT_TYPE, type Emulator } from './emulator.ts';

const MAX_BODY_BYTES = 1024 * 1024;
// Headers that describe one hop, or that fetch() already applied (it decodes bodies).
const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'host',
  'upgrade',
]);
/** Headers of the emulator's answers that are not passed on: its server's name, and caching (ours say no-store). */
const EMULATOR_HEADERS = new Set(['x-powered-by', 'etag', 'cache-control']);

/** Sent to an allowed origin only, with that origin named (never `*`). */
const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type, x-amz-target, x-amz-user-agent, cache-control',
  'access-control-expose-headers': 'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage, date',
  'access-control-max-age': '600',
  vary: 'Origin',
};

export async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new CognitoError('InvalidParameterException', 'Request too large.', 413);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

export interface Transport {
  send(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    status: number,
    headers: Record<string, string>,
    body: string | Buffer,
  ): void;
  sendJson(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    status: number,
    body: Json,
    headers?: Record<string, string>,
  ): void;
  /** An operation the proxy does not answer itself, on to the emulator as it came. */
  passThrough(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): Promise<void>;
}

export function createTransport(emulator: Emulator, allowedOrigins: readonly string[]): Transport {
  const allowed = new Set(allowedOrigins);

  /** CORS headers for the request's origin: only an allowed one is named, never `*`. */
  function corsFor(req: http.IncomingMessage): Record<string, string> {
    const origin = req.headers.origin;
    return typeof origin === 'string' && allowed.has(origin)
      ? { 'access-control-allow-origin': origin, ...CORS_HEADERS }
      : {};
  }

  const send: Transport['send'] = (req, res, status, headers, body) => {
    // Tokens and account data: never kept by a cache, never sniffed into something else.
    res.writeHead(status, {
      ...headers,
      ...corsFor(req),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    res.end(body);
  };

  const sendJson: Transport['sendJson'] = (req, res, status, body, headers = {}) => {
    send(req, res, status, { 'content-type': JSON_CONTENT_TYPE, ...headers }, JSON.stringify(body));
  };

  async function passThrough(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): Promise<void> {
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'x-amz-target', 'x-amz-user-agent']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const response = await emulator.http(req.method ?? 'POST', '/', headers, body);
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      // The emulator's own CORS headers are replaced by ours; what names its server and caching goes.
      if (
        value === undefined ||
        HOP_HEADERS.has(name) ||
        EMULATOR_HEADERS.has(name) ||
        name.startsWith('access-control-')
      ) {
        continue;
      }
      out[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    send(req, res, response.status, out, response.body);
  }

  return { send, sendJson, passThrough };
}
