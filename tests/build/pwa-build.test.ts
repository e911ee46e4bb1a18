/**
 * The production build as files, read after `npm run build`: what makes it an installable app (the manifest and
 * its icons), what the service worker precaches for an offline start (and never: the version file, the API, the
 * identity service), the headers written for static hosting, and no source maps. What a browser does with them
 * is the end-to-end suite's (tests/e2e/pwa-*.spec.ts, security-headers.spec.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const BUILD = path.resolve(import.meta.dirname, '../..', process.env.BUILD_DIR || 'dist');
const read = (file: string) => readFileSync(path.join(BUILD, file));

/** Every file of the build, relative to it, with forward slashes. */
function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(BUILD, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** A PNG's width and height, from its header (IHDR follows the eight-byte signature). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex'), 'a PNG signature').toBe('89504e470d0a1a0a');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

describe('the production build', () => {
  beforeAll(() => {
    if (!existsSync(path.join(BUILD, 'index.html'))) throw new Error(`No build in ${BUILD}: run npm run build first.`);
  });

  describe('installable', () => {
    it('links a manifest that names the app, starts standalone at / and has 192, 512 and maskable icons', () => {
      const href = /<link rel="manifest" href="([^"]+)"/.exec(read('index.html').toString())?.[1];
      expect(href).toBe('/manifest.webmanifest');
      const manifest = JSON.parse(read(href!).toString()) as Manifest;
      expect(manifest).toMatchObject({
        name: 'Thrive',
        short_name: 'Thrive',
        start_url: '/',
        display: 'standalone',
        theme_color: '#0f766e',
        background_color: '#f4f8f7',
      });
      const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
      expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
      for (const icon of manifest.icons) {
        // Served by its extension as image/png; and of the size the manifest says.
        expect(icon.src, icon.src).toMatch(/\.png$/);
        expect(icon.type).toBe('image/png');
        const { width, height } = pngSize(read(icon.src));
        expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      }
    });
  });

  describe('the service worker', () => {
    const precached = () =>
      [
        ...read('sw.js')
          .toString()
          .matchAll(/"url":"([^"]+)"/g),
      ].map((match) => match[1]!);

    it('precaches the shell: the pages, every script and stylesheet, the manifest and the icons', () => {
      const urls = precached();
      expect(urls).toEqual(expect.arrayContaining(['index.html', 'login.html', 'manifest.webmanifest']));
      expect(urls).toEqual(expect.arrayContaining(['icons/icon-192.png', 'icons/icon-512.png']));
      const code = filesOf(path.join(BUILD, 'assets')).filter((file) => /\.(js|css)$/.test(file));
      expect(code.length).toBeGreaterThan(0);
      expect(urls).toEqual(expect.arrayContaining(code));
      // Each once: a second entry for a URL makes the worker's install fail.
      expect(new Set(urls).size).toBe(urls.length);
    });

    it('precaches no version file, API or identity answer, and nothing the build does not hold', () => {
      const urls = precached();
      expect(urls.filter((url) => /^\/?(api|identity)\b|version\.json/.test(url))).toEqual([]);
      for (const url of urls) expect(existsSync(path.join(BUILD, url)), url).toBe(true);
    });
  });

  it('writes the app’s security headers for static hosting, for every path', () => {
    const lines = read('_headers').toString().split('\n');
    expect(lines[0]).toBe('/*');
    const csp = lines.find((line) => line.startsWith('  Content-Security-Policy: '));
    for (const directive of ["script-src 'self';", "object-src 'none';", "base-uri 'none';", "frame-ancestors 'none'"])
      expect(csp).toContain(directive);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-/);
    expect(lines).toEqual(
      expect.arrayContaining([
        '  X-Content-Type-Options: nosniff',
        '  Referrer-Policy: no-referrer',
        '  Cross-Origin-Opener-Policy: same-origin',
        '  X-Frame-Options: DENY',
      ]),
    );
  });

  it('holds no source map, and no script names one', () => {
    const files = filesOf(BUILD);
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    const scripts = files.filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(read(script).toString(), script).not.toMatch(/sourceMappingURL/);
  });
});
