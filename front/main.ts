/**
 * Starts the production front (server.ts) from the environment:
 *   PORT=4173 BUILD_DIR=dist API_UPSTREAMS=http://127.0.0.1:4180,http://127.0.0.1:4181 \
 *   IDENTITY_URL=http://127.0.0.1:9229 node --import tsx front/main.ts
 * FRONT_HOST is where it listens (localhost unless told; 0.0.0.0 in a
 * container). SIGTERM or SIGINT stops taking connections, lets requests in
 * flight finish (10 s at most), then exits.
 */
import path from 'node:path';
import { createFront } from './server.ts';
import { loadBuild } from './static-files.ts';

const SHUTDOWN_GRACE_MS = 10_000;

function log(level: 'info' | 'error', event: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, time: new Date().toISOString(), service: 'front', event, ...fields });
  (level === 'error' ? console.error : console.log)(line);
}

async function main(): Promise<void> {
  const env = process.env;
  const port = Number(env.PORT || 4173);
  const host = env.FRONT_HOST || 'localhost';
  const buildDir = path.resolve(env.BUILD_DIR || 'dist');
  const apiUpstreams = (env.API_UPSTREAMS || 'http://127.0.0.1:4180').split(',').map((url) => url.trim());
  const build = await loadBuild(buildDir);
  const front = createFront({
    build,
    apiUpstreams,
    ...(env.IDENTITY_URL ? { identityUpstream: env.IDENTITY_URL } : {}),
  });
  await new Promise<void>((resolve, reject) => {
    front.server.once('error', reject);
    front.server.listen(port, host, resolve);
  });
  log('info', 'listening', { url: `http://${host}:${port}`, files: build.files.size, apiUpstreams });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log('info', 'stopping', { signal });
    const forced = setTimeout(() => front.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    front.server.close(() => {
      clearTimeout(forced);
      front.closeUpstreams();
      process.exit(0);
    });
    front.server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  log('error', 'failed to start', { error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
