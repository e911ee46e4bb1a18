import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { aliases } from './vite.config.ts';

/**
 * Two suites: `unit` (pure logic and components, next to the code) and `api`
 * (HTTP tests against a running reference server and identity service, started
 * once by the global setup).
 */
export default defineConfig({
  test: {
    // Vitest leaves a core to itself by default: on a two-core machine that is one worker for the unit suite.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        plugins: [react()],
        resolve: { alias: aliases },
        test: {
          name: 'unit',
          // Worker threads start a test file faster than child processes (no clear gain yet in a clean clone's run).
          pool: 'threads',
          include: ['src/**/*.test.{ts,tsx}', 'openapi/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./src/test/setup.ts'],
          // Component tests type into real Mantine inputs; on a loaded two-core CI machine that can pass 5 s.
          testTimeout: 15_000,
          // Opening and migrating an embedded database in a hook takes seconds, more on a busy machine.
          hookTimeout: 60_000,
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
        },
      },
    ],
  },
});
