import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { headersFileText } from '../../front/headers.ts';
import { precompressedCopies } from '../../front/precompress.ts';
import { createFront } from '../../front/server.ts';
import { loadBuild } from '../../front/static-files.ts';

/** A build served by the production front, until closed. */
export interface ServedBuild {
  close(): Promise<void>;
}

/**
 * Builds the bare React page with the project's Vite and React plugin and the compressed copies the front sends,
 * nothing else: the yardstick is served as Thrive is, so the comparison is of the pages, not of two servers.
 */
export async function buildBarePage(outDir: string): Promise<void> {
  await build({
    root: path.join(import.meta.dirname, 'bare'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react(), precompressedCopies()],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  // The same caching rules as Thrive's, without its security headers.
  await writeFile(path.join(outDir, '_headers'), headersFileText({}));
}

/**
 * Serves a build with the production front (front/), as `npm start` does, on 127.0.0.1:port: with the API
 * processes and identity service given, or none (a page measured on its own, whose calls to /api find nothing).
 */
export async function serveBuild(
  buildDir: string,
  port: number,
  upstreams: { api: readonly string[]; identity?: string } = { api: [] },
): Promise<ServedBuild> {
  const front = createFront({
    build: await loadBuild(buildDir),
    apiUpstreams: upstreams.api,
    ...(upstreams.identity ? { identityUpstream: upstreams.identity } : {}),
  });
  await new Promise<void>((resolve, reject) => {
    front.server.once('error', reject);
    front.server.listen(port, '127.0.0.1', resolve);
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        front.server.close(() => {
          front.closeUpstreams();
          resolve();
        });
        front.server.closeAllConnections();
      }),
  };
}
