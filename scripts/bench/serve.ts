import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, preview, type PreviewServer } from 'vite';

const root = path.resolve(import.meta.dirname, '../..');

/** Builds the bare React page with the project's Vite and React plugin, nothing else. */
export async function buildBarePage(outDir: string): Promise<void> {
  await build({
    root: path.join(import.meta.dirname, 'bare'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
}

/** Serves a built folder as Vite's preview server does (compressed), on 127.0.0.1:port. */
export async function serveBarePage(outDir: string, port: number): Promise<PreviewServer> {
  return preview({
    root: path.join(import.meta.dirname, 'bare'),
    configFile: false,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port, strictPort: true },
  });
}

/**
 * Serves Thrive's production build with its own preview settings (the security headers included), as `npm start`
 * does; the API and identity proxies point at `apiPort` and `identityPort`.
 */
export async function serveThrive(
  buildDir: string,
  port: number,
  { headers }: { headers?: Record<string, string> } = {},
): Promise<PreviewServer> {
  process.env.BUILD_DIR = buildDir;
  process.env.PORT = String(port);
  return preview({
    root,
    logLevel: 'warn',
    // Headers given here replace the app's own of the same name.
    preview: { host: '127.0.0.1', port, strictPort: true, ...(headers ? { headers } : {}) },
  });
}
