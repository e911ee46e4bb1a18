/**
 * Brotli and gzip copies of the build's text files, written beside each one
 * (`index-Ab12.js.br`, `index-Ab12.js.gz`) once the build is complete: the
 * production front (front/) sends the one the browser accepts, compressed once
 * at the best ratio instead of on every request. Files under 1 KiB, and those
 * compression barely shrinks, keep no copy.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const MIN_BYTES = 1024;
/** A copy must save at least a tenth to be worth a second request path. */
const MAX_RATIO = 0.9;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes the compressed copies of every text file under `dir`; returns how many files got them. */
export async function precompress(dir: string): Promise<number> {
  let written = 0;
  await Promise.all(
    (await filesUnder(dir)).map(async (file) => {
      const body = await readFile(file);
      if (body.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
        gzipped(body, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length > body.length * MAX_RATIO) return;
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      written += 1;
    }),
  );
  return written;
}

/**
 * The build's last step: after every other plugin's (the service worker is written when the bundle closes), so
 * the worker is compressed too and its precache list never names a compressed copy.
 */
export function precompressedCopies(): Plugin {
  let outDir = '';
  return {
    name: 'thrive-precompressed-copies',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompress(outDir);
      },
    },
  };
}
