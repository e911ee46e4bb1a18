/**
 * Checks an AWS Signature Version 4 on a request, the way Cognito's admin API
 * checks the caller's IAM credentials: the Authorization header names an
 * access key id and carries an HMAC over the request (method, path, the
 * signed headers and the body's hash) made with the secret key, which never
 * travels. The local proxy knows one key pair: the API's.
 *
 * https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export interface SignedRequest {
  method: string;
  /** The path and query as received, e.g. `/`. */
  url: string;
  /** Header names in lower case (as Node gives them). */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  body: Buffer;
}

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** How far the request's own time (X-Amz-Date) may be from ours: a captured request is not replayable later. */
const MAX_SKEW_MS = 5 * 60 * 1000;

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

function header(headers: SignedRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** RFC 3986 encoding of a path segment, as SigV4 wants it. */
function encodeSegment(segment: string): string {
  return encodeURIComponent(decodeURIComponent(segment)).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function canonicalQuery(query: string): string {
  if (query === '') return '';
  return query
    .split('&')
    .map((pair) => pair.split('=').map((part) => encodeSegment(part ?? '')))
    .map(([name = '', value = '']) => [name, value] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** Why a request's signature is not acceptable; null when it is. */
export function sigV4Problem(request: SignedRequest, credentials: Credentials, now = Date.now()): string | null {
  const match = AUTHORIZATION.exec(header(request.headers, 'authorization') ?? '');
  if (!match) return 'The request is not signed.';
  const [, accessKeyId, date, region, service, signedHeaderList, signature] = match as unknown as string[];
  if (accessKeyId !== credentials.accessKeyId) return 'The security token included in the request is invalid.';

  const amzDate = header(request.headers, 'x-amz-date') ?? '';
  const stamp = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!stamp || !amzDate.startsWith(date!)) return 'The request has no valid X-Amz-Date.';
  const signedAt = Date.UTC(+stamp[1]!, +stamp[2]! - 1, +stamp[3]!, +stamp[4]!, +stamp[5]!, +stamp[6]!);
  if (Math.abs(now - signedAt) > MAX_SKEW_MS) return 'Signature expired.';

  const signedHeaders = signedHeaderList!.split(';');
  if (!signedHeaders.includes('host')) return 'The host header must be signed.';
  const canonicalHeaders = signedHeaders
    .map((name) => `${name}:${(header(request.headers, name) ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const [pathPart = '/', query = ''] = request.url.split('?', 2);
  const canonicalUri = pathPart.split('/').map(encodeSegment).join('/') || '/';
  const payloadHash = header(request.headers, 'x-amz-content-sha256') ?? sha256(request.body);
  if (payloadHash !== sha256(request.body)) return 'The body does not match its signed hash.';
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalUri,
    canonicalQuery(query),
    canonicalHeaders,
    signedHeaderList,
    payloadHash,
  ].join('\n');
  const expected = signatureOf(canonicalRequest, amzDate, `${date}/${region}/${service}`, credentials.secretAccessKey);
  const given = Buffer.from(signature!, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? null
    : 'The request signature we calculated does not match the signature you provided.';
}

/** The signature of a canonical request at `amzDate`, for `scope` (date/region/service). */
function signatureOf(canonicalRequest: string, amzDate: string, scope: string, secretAccessKey: string): Buffer {
  const [date = '', region = '', service = ''] = scope.split('/');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, `${scope}/aws4_request`, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service), 'aws4_request');
  return createHmac('sha256', signingKey).update(stringToSign).digest();
}

/**
 * The headers that sign a JSON POST to `url` (its path `/`), for scripts and
 * tests that call the identity admin API without the AWS SDK.
 */
export function signedHeaders(
  url: string,
  headers: Readonly<Record<string, string>>,
  body: string,
  credentials: Credentials,
  region: string,
  now = new Date(),
): Record<string, string> {
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const { host, pathname } = new URL(url);
  const all: Record<string, string> = { ...headers, host, 'x-amz-date': amzDate };
  const names = Object.keys(all)
    .map((name) => name.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(all).map(([name, value]) => [name.toLowerCase(), value]));
  const canonicalRequest = [
    'POST',
    pathname || '/',
    '',
    names.map((name) => `${name}:${lower[name]!.trim()}\n`).join(''),
    names.join(';'),
    sha256(body),
  ].join('\n');
  const scope = `${amzDate.slice(0, 8)}/${region}/cognito-idp`;
  const signature = signatureOf(canonicalRequest, amzDate, scope, credentials.secretAccessKey).toString('hex');
  const { host: _host, ...sent } = all;
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}/aws4_request, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  };
}
