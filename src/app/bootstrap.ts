import type { QueryClient } from '@tanstack/react-query';
import { readEnv } from '../config/env';
import { initApi } from '../lib/api';
import { configureAuth, getAccessToken, restoreSession } from '../lib/auth/amplify';
import { sessionStore } from '../lib/auth/session';
import { createQueryClient } from '../lib/query/client';
import { registerServiceWorker } from './pwa';
import { createAppRouter, type AppRouter } from './router';

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
  initApi({ baseUrl: env.apiBase, getAccessToken });
  registerServiceWorker();
  const queryClient = createQueryClient();
  await restoreSession();
  const router = createAppRouter({ auth: sessionStore, queryClient });
  return { kind: 'ready', router, queryClient };
}
