/**
 * The production build, read into memory once when the front starts: each
 * file with its type, its Cache-Control, an ETag, and its brotli and gzip
 * copies when the build wrote them (front/precompress.ts). Serving a
 * file is then a lookup and a write; a new build is served by starting the
 * front again, never half-copied.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { cacheControlFor, securityHeadersOf } from './headers.ts';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

export type Encoding = 'br' | 'gzip';

export interface StaticFile {
  body: Buffer;
  /** The compressed copies the build wrote, by encoding. */
  encoded: Partial<Record<Encoding, Buffer>>;
  type: string;
  cacheControl: string;
  /** A strong validator of the content as it is; each compressed copy has its own (etagOf). */
  etag: string;
}

export interface StaticBuild {
  /** By URL path: `/index.html`, `/assets/index-Ab12.js`. */
  files: ReadonlyMap<string, StaticFile>;
  /** The build's security headers (its `_headers`), sent with every answer of the front. */
  securityHeaders: Readonly<Record<string, string>>;
}

/** No app at all: a front that only proxies (the API tests' several processes). */
export const NO_BUILD: StaticBuild = { files: new Map(), securityHeaders: {} };

/** Files of the build that are for the build's tools, not for browsers. */
const NOT_SERVED = /^\/(_headers$|\.vite\/)|\.(br|gz)$/;

export async function loadBuild(dir: string): Promise<StaticBuild> {
  const headersText = await readFile(path.join(dir, '_headers'), 'utf8').catch(() => {
    throw new Error(`${dir} holds no production build with its _headers: run \`npm run build\` first.`);
  });
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const onDisk = new Set(
    entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name)),
  );
  const files = new Map<string, StaticFile>();
  await Promise.all(
    [...onDisk].map(async (file) => {
      const urlPath = `/${path.relative(dir, file).split(path.sep).join('/')}`;
      if (NOT_SERVED.test(urlPath)) return;
      const body = await readFile(file);
      const copy = async (suffix: string) => (onDisk.has(file + suffix) ? readFile(file + suffix) : undefined);
      const [br, gzip] = await Promise.all([copy('.br'), copy('.gz')]);
      files.set(urlPath, {
        body,
        encoded: { ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) },
        type: TYPES[path.extname(file)] ?? 'application/octet-stream',
        cacheControl: cacheControlFor(urlPath),
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      });
    }),
  );
  return { files, securityHeaders: securityHeadersOf(headersText) };
}

/**
 * The file a GET answers with, as the build is meant to be hosted: the file itself; for a page (a browser
 * asking for HTML at a path without a file name's extension), `/login` → login.html, `/x/` → x/index.html, and
 * the app's shell (index.html) for every other route, which the app's router then reads. A missing file (a
 * script of an older build) finds nothing (404), never the shell in its place.
 */
export function fileFor(build: StaticBuild, urlPath: string, accept: string | undefined): StaticFile | undefined {
  const exact = build.files.get(urlPath);
  if (exact) return exact;
  const wantsPage = accept === undefined || accept === '' || accept.includes('text/html') || accept.includes('*/*');
  if (!wantsPage || /\.[a-z0-9]+$/i.test(urlPath)) return undefined;
  const page = urlPath.endsWith('/') ? `${urlPath}index.html` : `${urlPath}.html`;
  return build.files.get(page) ?? build.files.get('/index.html');
}

/** The encoding to send: brotli when accepted, else gzip, else none (q=0 refuses one). */
export function encodingFor(file: StaticFile, acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]!.trim()),
  );
  for (const encoding of ['br', 'gzip'] as const) {
    if (file.encoded[encoding] && (accepted.has(encoding) || accepted.has('*'))) return encoding;
  }
  return null;
}

/**
 * The validator of the bytes sent: a compressed copy is another representation of the file, so it gets a tag of
 * its own (RFC 9110, 8.8.3). A cache that kept one encoding never has it confirmed for a browser taking another.
 */
export function etagOf(file: StaticFile, encoding: Encoding | null): string {
  return encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;
}
