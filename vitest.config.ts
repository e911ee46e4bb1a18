import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { aliases } from './vite.config.ts';

/** Whether a test file asks for a DOM (`// @vitest-environment happy-dom` or `jsdom` at its top). */
const runsInDom = (file: TestSpecification) =>
  /^\/\/ @vitest-environment (happy-dom|jsdom)$/m.test(readFileSync(file.moduleId, 'utf8').slice(0, 200));

/**
 * The files that run in a DOM first, one after another: they are the slowest, and a worker that runs them together
 * loads the component libraries once rather than again after each file without a DOM. Within each group, Vitest's
 * own order (the longest first, once it has timed them).
 */
class DomFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const inDom = new Set(sorted.filter(runsInDom));
    return [...inDom, ...sorted.filter((file) => !inDom.has(file))];
  }
}

const UNIT_TESTS = ['src/**/*.test.{ts,tsx}', 'openapi/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'];
const ISOLATED_TESTS = '**/*.isolated.test.{ts,tsx}';

/** The unit tests' settings, for the files that share modules and for those that may not. */
function unitProject(test: {
  name: string;
  include: string[];
  exclude?: string[];
  isolate: boolean;
}): TestProjectInlineConfiguration {
  return {
    plugins: [react()],
    resolve: { alias: aliases },
    test: {
      ...test,
      // Worker threads start a test file faster than child processes (no clear gain yet in a clean clone's run).
      pool: 'threads',
      environment: 'node',
      setupFiles: ['./src/test/setup.ts'],
      // Component tests type into real Mantine inputs; on a loaded two-core CI machine that can pass 5 s.
      testTimeout: 15_000,
      // Opening and migrating an embedded database in a hook takes seconds, more on a busy machine.
      hookTimeout: 60_000,
    },
  };
}

/**
 * Two suites: `unit` (pure logic and components, next to the code; `unit-isolated` for the files that mock a
 * module) and `api`
 * (HTTP tests against a running reference server and identity service, started
 * once by the global setup).
 */
export default defineConfig({
  test: {
    // Vitest leaves a core to itself by default: on a two-core machine that is one worker for the unit suite.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: DomFilesFirst },
    projects: [
      unitProject({
        name: 'unit',
        include: UNIT_TESTS,
        exclude: [...configDefaults.exclude, ISOLATED_TESTS],
        // A worker keeps the modules it has loaded from one file to the next, rather than loading React, Mantine
        // and the router again for each: a clean clone's suite in 101 s instead of 149. Each file sets up what it
        // needs in its own hooks; the suite passes in shuffled file orders too (--sequence.shuffle.files).
        isolate: false,
      }),
      unitProject({
        // Files that replace a module (vi.mock) get modules of their own: with modules shared between files, one
        // file's mock can reach another file, or miss the file that declared it (lint keeps vi.mock here).
        name: 'unit-isolated',
        include: [ISOLATED_TESTS],
        isolate: true,
      }),
      {
        test: {
          // The production build as files (run after `npm run build`): manifest, precache list, headers, no maps.
          name: 'dist',
          include: ['tests/build/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias: aliases },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./tests/support/api-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // One stack, shared: files run one after another so their writes do not interleave.
          fileParallelism: false,
          // The files share the stack, and also the modules they load (the contract, the clients, the in-process
          // API): each suite in about 120 s instead of 175.
          isolate: false,
        },
      },
    ],
  },
});
