import { defineConfig, devices } from '@playwright/test';
import { TEST_BROWSER } from './tests/support/browsers.ts';
import { E2E_BASE_URL, E2E_ENV } from './tests/support/e2e-env.ts';

// Some specs reset demo accounts through the identity admin API; its SDK's notice about future Node versions is noise.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: E2E_BASE_URL,
    // A trace records every action of every test (a third of the run's time); CI keeps only the printed report,
    // so it records none there. Locally a failed test keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: TEST_BROWSER,
  },
  // The pictures of every screen (screens.visual.spec.ts), one set for the one browser the suite runs.
  snapshotPathTemplate: '{testDir}/__screens__/{arg}{ext}',
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node --import tsx tests/support/e2e-stack.ts',
    url: `${E2E_BASE_URL}/api/v1/health`,
    env: { ...E2E_ENV },
    reuseExistingServer: false,
    // A cold start seeds the demo data, then starts the inbox, the identity service, the API and the app: on a busy
    // two-core machine that can pass two minutes.
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
