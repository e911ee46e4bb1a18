import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import Beasties from 'beasties';
import { createServer, defineConfig, loadEnv, type Plugin, type ProxyOptions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appSecurityHeaders, headersFileText } from './front/headers.ts';
import { precompressedCopies } from './front/precompress.ts';
import { pruneUnreadCustomProperties } from './scripts/build/prune-custom-properties.ts';
import { DEFERRED_STYLESHEET } from './src/app/prerender/deferred-styles.ts';
import { LOCKED_START_DOCUMENT } from './src/pwa/locked-start.ts';
import { brand } from './src/config/brand.ts';

/** One id per build: written to /version.json and compiled into the app (VITE_BUILD_ID). */
const buildId = process.env.THRIVE_BUILD_ID || `${new Date().toISOString()}-${randomBytes(3).toString('hex')}`;

/**
 * Serves and emits `/version.json` ({ "buildId": ... }), which the running app
 * polls to learn that a new version is deployed. Never precached.
 */
function versionFile(id: string): Plugin {
  const body = `${JSON.stringify({ buildId: id })}\n`;
  return {
    name: 'thrive-version-file',
    configureServer(server) {
      server.middlewares.use('/version.json', (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-store');
        res.end(body);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: body });
    },
  };
}

/**
 * When the API or the identity service is not running, drop the browser's
 * connection instead of answering 502: the app then sees what it would see
 * without a proxy (a network error) and shows the spec's network messages.
 */
const dropConnectionWhenUpstreamDown: NonNullable<ProxyOptions['configure']> = (proxy) => {
  proxy.on('error', (_error, _req, res) => {
    if ('req' in res) res.destroy();
  });
};

/** Writes the headers for static hosting next to the build (`_headers`, which the production front reads too). */
function headersFile(headers: Record<string, string>): Plugin {
  return {
    name: 'thrive-headers-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '_headers', source: headersFileText(headers) });
    },
  };
}

/** index.html names the theme colour as `%THRIVE_THEME_COLOR%`, so the brand set stays its one source. */
function brandInIndexHtml(): Plugin {
  return {
    name: 'thrive-brand-in-index-html',
    transformIndexHtml: (html) => html.replaceAll('%THRIVE_THEME_COLOR%', brand.primary),
  };
}

/**
 * The first screens, rendered by React at build time with the live app's
 * components (src/app/prerender), so they paint from the HTML and the
 * stylesheet before any script has run:
 * - login.html: index.html with the sign-in screen already in #root. Static
 *   hosts, the production front (front/) and the service worker serve /login
 *   from it.
 * - index.html (every other path): #root stays empty, so a signed-in start
 *   never shows the sign-in page first; beside it, a template of the unlock
 *   screen that the first script shows at once when a saved session will
 *   open on it (src/app/static-unlock.ts).
 * - locked-start.html: the unlock screen already in #root, which the service
 *   worker answers a start with when it knows the start opens locked
 *   (src/pwa/locked-start.ts).
 */
function prerenderedFirstScreens(): Plugin {
  let mode = 'production';
  return {
    name: 'thrive-prerendered-first-screens',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      mode = config.mode;
    },
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('thrive-prerendered-first-screens: index.html is not in the bundle');
      const renderer = await createServer({
        configFile: false,
        // The build's own mode: the prerendered screens read the same VITE_* settings (.env.production too) as the app.
        mode,
        root: import.meta.dirname,
        logLevel: 'error',
        resolve: { alias: aliases },
        plugins: [react()],
        server: { middlewareMode: true, hmr: false, watch: null },
        appType: 'custom',
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const [login, unlock] = await Promise.all([
          renderer.ssrLoadModule('/src/app/prerender/login-shell.tsx') as Promise<{ renderLoginShell: () => string }>,
          renderer.ssrLoadModule('/src/app/prerender/unlock-shell.tsx') as Promise<{
            renderUnlockShell: () => string;
            UNLOCK_TEMPLATE_ID: string;
          }>,
        ]);
        const html = String(index.source);
        const empty = '<div id="root"></div>';
        if (!html.includes(empty)) throw new Error('thrive-prerendered-first-screens: index.html has no empty #root');
        const staticScreen = (markup: string) =>
          markup
            // POST, should a submit slip through before the app's first script: the password never goes into a URL.
            .replace('<form ', '<form method="post" ')
            // The colour scheme is always light: the dark scheme's variables would only be parsed before the paint.
            .replace(/:root\[data-mantine-color-scheme="dark"\][^{]*\{[^}]*\}/g, '');
        // No frame before the whole sign-in card is parsed: a slow device would otherwise paint it half-built,
        // and the card, centred on the page, would move as the rest of the form arrived (a layout shift). The
        // browser waits for the marker after it (`#` alone, the end of the document, is not honoured by Chromium).
        const parsedMarker = 'thrive-first-screen-parsed';
        const loginRoot = `<div id="root" data-prerendered="login">${staticScreen(login.renderLoginShell())}<span id="${parsedMarker}" hidden></span></div>`;
        const waitForMarker = `<link rel="expect" href="#${parsedMarker}" blocking="render" />`;
        const loginHtml = html.replace(empty, loginRoot).replace('</title>', `</title>\n    ${waitForMarker}`);
        this.emitFile({ type: 'asset', fileName: 'login.html', source: await withCriticalCss(loginHtml, bundle) });
        const unlockScreen = staticScreen(unlock.renderUnlockShell());
        // What the service worker answers a start that opens locked with: the unlock screen in #root, painted with
        // the rules it uses before any script has run (its e-mail line blank until the first script fills it in).
        const lockedRoot = `<div id="root" data-prerendered="unlock">${unlockScreen}<span id="${parsedMarker}" hidden></span></div>`;
        const lockedHtml = html.replace(empty, lockedRoot).replace('</title>', `</title>\n    ${waitForMarker}`);
        this.emitFile({
          type: 'asset',
          fileName: LOCKED_START_DOCUMENT,
          source: await withCriticalCss(lockedHtml, bundle),
        });
        const unlockTemplate = `<template id="${unlock.UNLOCK_TEMPLATE_ID}">${unlockScreen}</template>`;
        index.source = html.replace(empty, `${empty}${unlockTemplate}`);
      } finally {
        await renderer.close();
      }
    },
  };
}

/**
 * The sign-in page paints from its document alone: the rules its markup uses are inlined, and the whole
 * stylesheet (which the live app needs) is fetched meanwhile without holding back the paint: it is linked for
 * print, and made to apply to the screen when the live app starts (src/main.tsx). It stays in the head, before
 * Mantine's theme styles in the body, so the theme still wins the cascade. Without this the first paint waited
 * for a second request. Of Mantine's variables only those the screen reads stay (half the document's bytes).
 */
async function withCriticalCss(html: string, bundle: Record<string, { type: string; source?: unknown }>) {
  const inliner = new (class extends Beasties {
    override readFile(filename: string): string {
      const asset = bundle[path.relative('/', filename)];
      if (asset?.type !== 'asset') throw new Error(`thrive-prerendered-first-screens: no ${filename} in the bundle`);
      return String(asset.source);
    }
  })({
    path: '/',
    publicPath: '/',
    preload: 'media',
    // Mantine's variables are set on `:root, :host`, which the matcher does not match and would leave out; the page's
    // colour scheme is always light, so the dark scheme's are left out.
    allowRules: [/^(?!.*dark).*(?::root|:host)/],
    // The stylesheet stays whole for the live app; Mantine's own inline styles stay as they are.
    pruneSource: false,
    reduceInlineStyles: false,
    fonts: false,
    logLevel: 'warn',
  });
  const processed = (await inliner.process(html)).replace(' data-beasties-container', '');
  // The content security policy allows no inline handler: the app's first script does what this one would.
  const inlineHandler = ` media="print" onload="this.media='all'"`;
  if (!processed.includes(inlineHandler)) {
    throw new Error('thrive-prerendered-first-screens: the stylesheet was not deferred as expected');
  }
  return pruneUnreadCustomProperties(processed.replace(inlineHandler, ` media="print" ${DEFERRED_STYLESHEET}`));
}

/** The `@/` and `@contract` imports (tsconfig.base.json's paths), for the build and the unit tests alike. */
export const aliases = {
  '@/': `${path.resolve(import.meta.dirname, 'src')}/`,
  '@contract': path.resolve(import.meta.dirname, 'openapi/index.ts'),
};

/**
 * Where the dev server listens and what it proxies, and where the build goes. The stack launcher (scripts/stack)
 * sets every one; the defaults are those of `npm start`. The production build is served by the production front
 * (front/), never by Vite's preview server, which is no production server.
 */
function serverSettings(env: NodeJS.ProcessEnv) {
  return {
    port: Number(env.PORT || 4173),
    apiUrl: env.API_URL || 'http://127.0.0.1:4180',
    identityUrl: env.IDENTITY_URL || 'http://127.0.0.1:9229',
    buildDir: path.resolve(env.BUILD_DIR || 'dist'),
  };
}

export default defineConfig(({ mode }) => {
  const stack = serverSettings(process.env);
  const headers = appSecurityHeaders(loadEnv(mode, import.meta.dirname, 'VITE_'));
  const proxy: Record<string, ProxyOptions> = {
    // xfwd: the API limits refused sign-ins per client address, which it reads from X-Forwarded-For.
    '/api/v1': { target: stack.apiUrl, xfwd: true, configure: dropConnectionWhenUpstreamDown },
    '/identity': {
      target: stack.identityUrl,
      rewrite: (path) => path.replace(/^\/identity/, '') || '/',
      configure: dropConnectionWhenUpstreamDown,
    },
  };
  // No CORS: the app answers its own pages only. The dev server goes without the security headers (its hot reload
  // runs inline scripts); the production front sends them from the build's _headers.
  const server = { host: 'localhost', port: stack.port, strictPort: true, proxy, cors: false };

  return {
    resolve: { alias: aliases },
    define: {
      'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId),
    },
    plugins: [
      // Must come before react(): it generates src/routeTree.gen.ts and splits each route's component into its own chunk.
      tanstackRouter({ target: 'react', autoCodeSplitting: true, quoteStyle: 'single' }),
      react(),
      versionFile(buildId),
      brandInIndexHtml(),
      headersFile(headers),
      prerenderedFirstScreens(),
      VitePWA({
        // The worker is ours (src/pwa/worker/sw.ts): it picks the document a start is answered with.
        strategies: 'injectManifest',
        srcDir: 'src/pwa/worker',
        filename: 'sw.ts',
        registerType: 'prompt',
        // The app registers the worker itself (src/app/pwa.ts).
        injectRegister: false,
        manifest: {
          id: '/',
          name: brand.name,
          short_name: brand.name,
          description: 'Your health journey with the Thrive clinic.',
          display: 'standalone',
          start_url: '/',
          scope: '/',
          theme_color: brand.primary,
          background_color: brand.background,
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
        // The glob below already precaches every icon; listing them again would duplicate precache entries.
        includeManifestIcons: false,
        injectManifest: {
          // The app shell: HTML, scripts, styles, fonts, icons (the manifest is added by the plugin).
          // Not version.json: the version check must always reach the server.
          globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        },
      }),
      // Last: it compresses what the plugins above wrote, the service worker included.
      precompressedCopies(),
    ],
    server,
    build: {
      // BUILD_DIR lets two builds (e.g. two versions in a test) live side by side.
      outDir: stack.buildDir,
      // Also when BUILD_DIR is outside the project: a chunk left from an earlier build would be precached by the
      // service worker's glob and counted by the bundle budget.
      emptyOutDir: true,
      target: 'es2022',
      // Production source maps would hand out the app's source: not built, so never served.
      sourcemap: false,
      // .vite/manifest.json: which chunks import which, for the sign-in page's budget (check-bundle-budget.ts).
      manifest: true,
      // React and the router and query libraries, which every first screen runs, in one chunk rather than a dozen
      // small ones that each cost the phone a request.
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'framework',
                test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|react-query|query-core|react-store|store)|tiny-invariant|tiny-warning|cookie-es|seroval)[\\/]/,
              },
            ],
          },
        },
      },
    },
  };
});
