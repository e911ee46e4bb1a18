/**
 * The production front as a browser and the API see it: each kind of file with
 * its caching rule, the compressed copy the browser accepts, revalidation, the
 * app's routes answered with their documents, the security headers on every
 * answer, and /api sent to the API processes in turn with the client's address.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from './precompress.ts';
import { CACHE_IMMUTABLE, appSecurityHeaders, headersFileText } from './headers.ts';
import { createFront, type Front } from './server.ts';
import { loadBuild } from './static-files.ts';

const SCRIPT = `export const answer = ${JSON.stringify('forty-two '.repeat(400))};\n`;
const SHELL = `<!doctype html><html><head><title>Thrive</title></head><body><div id="root"></div>${'<!-- shell -->'.repeat(100)}</body></html>`;

/** A build as Vite writes it, small: documents, hashed assets, the worker, the version file, an icon. */
const BUILD: Readonly<Record<string, string>> = {
  'index.html': SHELL,
  'login.html': SHELL.replace('<div id="root"></div>', '<div id="root">Sign in</div>'),
  'locked-start.html': SHELL.replace('<div id="root"></div>', '<div id="root">Unlock</div>'),
  'assets/index-Ab12Cd34.js': SCRIPT,
  'assets/index-Ef56Gh78.css': `body{color:#123}${'.a{margin:0}'.repeat(200)}`,
  'sw.js': `self.addEventListener('install', () => {});${'//'.repeat(800)}`,
  'version.json': '{"buildId":"test-build"}\n',
  'manifest.webmanifest': '{"name":"Thrive"}',
  'icons/icon-192.png': 'not really a png',
  '.vite/manifest.json': '{}',
  _headers: headersFileText(appSecurityHeaders({ VITE_COGNITO_ENDPOINT: '/identity' })),
};

let buildDir: string;
let front: Front;
let frontUrl: string;
const upstreams: http.Server[] = [];
const seenByUpstream: { name: string; forwardedFor: string | undefined; path: string }[] = [];

/** A stand-in API process that says who it is and what it was asked. */
async function upstream(name: string): Promise<string> {
  const server = http.createServer((req: IncomingMessage, res) => {
    seenByUpstream.push({ name, forwardedFor: req.headers['x-forwarded-for'] as string, path: req.url ?? '' });
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'",
      });
      res.end(JSON.stringify({ name, method: req.method, body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstreams.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  buildDir = await mkdtemp(path.join(os.tmpdir(), 'thrive-front-'));
  for (const [file, text] of Object.entries(BUILD)) {
    await mkdir(path.dirname(path.join(buildDir, file)), { recursive: true });
    await writeFile(path.join(buildDir, file), text);
  }
  await precompress(buildDir);
  const apis = [await upstream('api-1'), await upstream('api-2'), await upstream('api-3')];
  front = createFront({ build: await loadBuild(buildDir), apiUpstreams: apis, identityUpstream: await upstream('id') });
  await new Promise<void>((resolve) => front.server.listen(0, '127.0.0.1', resolve));
  frontUrl = `http://127.0.0.1:${(front.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => front.server.close(resolve));
  front.closeUpstreams();
  for (const server of upstreams) server.close();
  await rm(buildDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request as a browser makes it (node:http, so the answer's bytes are as sent, not decoded). */
function get(urlPath: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${frontUrl}${urlPath}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

const page = { accept: 'text/html,application/xhtml+xml' };

describe('the front serving the build', () => {
  it('keeps hashed assets a year and asks again before using anything else', async () => {
    const cases: [string, string][] = [
      ['/assets/index-Ab12Cd34.js', CACHE_IMMUTABLE],
      ['/assets/index-Ef56Gh78.css', CACHE_IMMUTABLE],
      ['/', 'no-cache'],
      ['/index.html', 'no-cache'],
      ['/login', 'no-cache'],
      ['/locked-start.html', 'no-cache'],
      ['/sw.js', 'no-cache'],
      ['/version.json', 'no-cache'],
      ['/manifest.webmanifest', 'no-cache'],
      ['/icons/icon-192.png', 'no-cache'],
    ];
    for (const [file, cacheControl] of cases) {
      const answer = await get(file, page);
      expect(answer.status, file).toBe(200);
      expect(answer.headers['cache-control'], file).toBe(cacheControl);
      expect(answer.headers.etag, file).toMatch(/^"[\w-]+"$/);
    }
    expect((await get('/assets/index-Ab12Cd34.js')).headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await get('/sw.js')).headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await get('/version.json')).headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('sends brotli when the browser takes it, else gzip, else the file itself', async () => {
    const file = '/assets/index-Ab12Cd34.js';
    const br = await get(file, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 10);
    const gzip = await get(file, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);
    const plain = await get(file);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    // Too small to be worth compressing: as it is, whatever is accepted.
    expect((await get('/version.json', { 'accept-encoding': 'br' })).headers['content-encoding']).toBeUndefined();
  });

  it('answers a revalidation with 304 and no body while the file is the same', async () => {
    const first = await get('/sw.js', { 'accept-encoding': 'br' });
    const again = await get('/sw.js', { 'accept-encoding': 'br', 'if-none-match': first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['cache-control']).toBe('no-cache');
    expect((await get('/sw.js', { 'if-none-match': '"something-else"' })).status).toBe(200);
  });

  it('tags each encoding of a file apart, so a copy kept in one is never confirmed for a browser taking another', async () => {
    const file = '/assets/index-Ab12Cd34.js';
    const [br, gzip, plain] = await Promise.all([
      get(file, { 'accept-encoding': 'br' }),
      get(file, { 'accept-encoding': 'gzip' }),
      get(file),
    ]);
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
    const plainAskingWithBrotlisTag = await get(file, { 'if-none-match': br.headers.etag! });
    expect(plainAskingWithBrotlisTag.status).toBe(200);
    expect(plainAskingWithBrotlisTag.body.toString()).toBe(SCRIPT);
    expect((await get(file, { 'accept-encoding': 'gzip', 'if-none-match': gzip.headers.etag! })).status).toBe(304);
  });

  it('answers the app’s routes with their documents, and a missing file with 404, never the shell', async () => {
    expect((await get('/login', page)).body.toString()).toContain('Sign in');
    expect((await get('/client/discovery/123', page)).body.toString()).toBe(SHELL);
    expect((await get('/', page)).body.toString()).toBe(SHELL);
    expect((await get('/assets/index-Old00000.js', { accept: '*/*' })).status).toBe(404);
    expect((await get('/hub', { accept: 'application/json' })).status).toBe(404);
    // The build's own files for its tools, and the compressed copies by their names, are not served.
    expect((await get('/_headers', page)).body.toString()).toBe(SHELL);
    expect((await get('/.vite/manifest.json', { accept: '*/*' })).status).toBe(404);
    expect((await get('/sw.js.br', { accept: '*/*' })).status).toBe(404);
    expect((await get('/login', page, 'POST')).status).toBe(405);
  });

  it('sends the app’s security headers with every answer', async () => {
    for (const file of ['/login', '/assets/index-Ab12Cd34.js', '/nope.js', '/api/v1/health']) {
      const { headers } = await get(file, page);
      expect(headers['x-content-type-options'], file).toBe('nosniff');
      expect(headers['referrer-policy'], file).toBe('no-referrer');
      expect(headers['x-frame-options'], file).toBe('DENY');
    }
    expect((await get('/login', page)).headers['content-security-policy']).toContain("script-src 'self'");
    // The API's own policy wins on its answers.
    expect((await get('/api/v1/health')).headers['content-security-policy']).toBe("default-src 'none'");
  });
});

describe('the front proxying', () => {
  it('sends /api to each API process in turn over kept-alive connections, with the client’s address', async () => {
    seenByUpstream.length = 0;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const names: string[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await new Promise<{ name: string; connection: string | undefined }>((resolve, reject) => {
        http
          .get(`${frontUrl}/api/v1/users/users?page=${i}`, { agent }, (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            response.on('end', () =>
              resolve({ ...(JSON.parse(text) as { name: string }), connection: response.headers.connection }),
            );
          })
          .on('error', reject);
      });
      expect(answer.connection).toBe('keep-alive');
      names.push(answer.name);
    }
    agent.destroy();
    expect(new Set(names.slice(0, 3)).size).toBe(3);
    expect(names.slice(3)).toEqual(names.slice(0, 3));
    expect(seenByUpstream.map((seen) => seen.path)).toEqual(
      [0, 1, 2, 3, 4, 5].map((i) => `/api/v1/users/users?page=${i}`),
    );
    expect(seenByUpstream.every((seen) => seen.forwardedFor === '127.0.0.1')).toBe(true);
  });

  it('passes a change’s body on, and /identity to the identity service without its prefix', async () => {
    const posted = await get('/api/v1/visits', { 'content-type': 'application/json' }, 'POST', '{"a":1}');
    expect(JSON.parse(posted.body.toString())).toMatchObject({ method: 'POST', body: '{"a":1}' });
    seenByUpstream.length = 0;
    const identity = await get('/identity/ap-south-1_Pool/.well-known/jwks.json');
    expect(JSON.parse(identity.body.toString())).toMatchObject({ name: 'id' });
    expect(seenByUpstream[0]?.path).toBe('/ap-south-1_Pool/.well-known/jwks.json');
  });
});

describe('the front when an API process is down', () => {
  it('asks the next one for a read, and drops a change rather than send it twice', async () => {
    const stopped = http.createServer();
    await new Promise<void>((resolve) => stopped.listen(0, '127.0.0.1', resolve));
    const down = `http://127.0.0.1:${(stopped.address() as AddressInfo).port}`;
    await new Promise((resolve) => stopped.close(resolve));
    const alive = await upstream('alive');
    const lonely = createFront({ build: await loadBuild(buildDir), apiUpstreams: [down, alive] });
    await new Promise<void>((resolve) => lonely.server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(lonely.server.address() as AddressInfo).port}`;
    try {
      for (let i = 0; i < 4; i++) {
        const answer = await fetch(`${base}/api/v1/users/users`);
        expect(((await answer.json()) as { name: string }).name).toBe('alive');
      }
      // The one that refused is passed over for a while: a change goes to the one that answers.
      const change = await fetch(`${base}/api/v1/visits`, { method: 'POST', body: '{"a":1}' });
      expect(((await change.json()) as { name: string }).name).toBe('alive');
    } finally {
      await new Promise((resolve) => lonely.server.close(resolve));
      lonely.closeUpstreams();
    }
    const onlyDown = createFront({ build: await loadBuild(buildDir), apiUpstreams: [down] });
    await new Promise<void>((resolve) => onlyDown.server.listen(0, '127.0.0.1', resolve));
    const port = (onlyDown.server.address() as AddressInfo).port;
    try {
      await expect(fetch(`http://127.0.0.1:${port}/api/v1/visits`, { method: 'POST', body: '{}' })).rejects.toThrow();
    } finally {
      await new Promise((resolve) => onlyDown.server.close(resolve));
      onlyDown.closeUpstreams();
    }
  });

  it('serves the app with no API behind it, and says so for /api', async () => {
    const pagesOnly = createFront({ build: await loadBuild(buildDir), apiUpstreams: [] });
    await new Promise<void>((resolve) => pagesOnly.server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(pagesOnly.server.address() as AddressInfo).port}`;
    try {
      expect(await (await fetch(`${base}/login`)).text()).toContain('Sign in');
      const api = await fetch(`${base}/api/v1/health`);
      expect(api.status).toBe(502);
      expect(await api.text()).toBe('No API behind this front\n');
    } finally {
      await new Promise((resolve) => pagesOnly.server.close(resolve));
      pagesOnly.closeUpstreams();
    }
  });
});
