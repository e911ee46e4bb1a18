import type { QueryClient } from '@tanstack/react-query';
import { readEnv } from '../config/env';
import { initApi } from '../lib/api';
import {
  configureAuth,
  expireSession,
  getAccessToken,
  onSessionExpired,
  refreshSession,
  restoreSession,
} from '../lib/auth/amplify';
import { keepTokensForThisTabOnly } from '../lib/auth/device-tokens';
import { sessionStore } from '../lib/auth/session';
import { createQueryClient } from '../lib/query/client';
import { deviceSettings } from '../pwa/device-mode';
import { startLocalData } from '../pwa/local-data';
import { startPwa } from './pwa';
import { createAppRouter, type AppRouter } from './router';
import { reactToSessionEnd } from './session-expiry';

export type Boot =
  { kind: 'config-error'; problems: string[] } | { kind: 'ready'; router: AppRouter; queryClient: QueryClient };

let boot: Promise<Boot> | undefined;

/**
 * Starts Thrive once: checks the configuration, configures the identity
 * service and the API client, and restores the saved session before any
 * route (and so any guard) runs.
 */
export function startApp(): Promise<Boot> {
  boot ??= start();
  return boot;
}

async function start(): Promise<Boot> {
  const result = readEnv();
  if (!result.ok) {
    console.error(
      `Thrive configuration error. Set these build variables (see .env):\n${result.problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    return { kind: 'config-error', problems: result.problems };
  }
  const { env } = result;
  configureAuth({
    userPoolId: env.cognito.userPoolId,
    clientId: env.cognito.clientId,
    endpoint: env.cognito.endpoint,
    authFlow: env.authFlow,
  });
  // Kiosk devices keep the tokens for this tab only; decided before the session is read.
  const device = deviceSettings();
  if (device.mode === 'kiosk') keepTokensForThisTabOnly();
  initApi({ baseUrl: env.apiBase, getAccessToken, refreshSession });
  startPwa(sessionStore, restoreSession);
  const queryClient = createQueryClient();
  await restoreSession();
  // The signed-in user's saved data is back in the cache before any loader runs (an offline start).
  await startLocalData({ queryClient, session: sessionStore, settings: device, buildId: env.buildId });
  const router = createAppRouter({ auth: sessionStore, queryClient });
  // A session that expires or ends: the spec's alert, then /login (src/app/session-expiry.ts).
  reactToSessionEnd({
    session: sessionStore,
    queryClient,
    toLogin: () => router.navigate({ to: '/login' }),
    expireSession,
    onSessionExpired,
    alert: (message) => window.alert(message),
    events: window,
  });
  return { kind: 'ready', router, queryClient };
}
