/**
 * Where each piece of the local stack listens and keeps its data. Every value
 * has a working default and can be overridden by an environment variable, so
 * tests can run a second stack beside a developer's.
 */
import path from 'node:path';
import { parseServerConfig, type ServerConfig } from '../../server/config.ts';
import { reportFilesKey } from './report-files-key.ts';

export const LOCAL_USER_POOL_ID = 'ap-south-1_ThriveLocal';
export const LOCAL_CLIENT_ID = 'thrive-local-web-client';
export const LOCAL_REGION = 'ap-south-1';

export interface StackConfig {
  /** The production build the app serves (BUILD_DIR, default dist/). */
  buildDir: string;
  /** Root of all local data (identity store, embedded database). */
  dataDir: string;
  identityDir: string;
  databaseDir: string;
  /** Real PostgreSQL instead of the embedded one, when set. */
  databaseUrl: string | undefined;
  /** How many API processes serve (API_INSTANCES, default 1; more than one needs PostgreSQL). */
  apiInstances: number;
  /** The app (the production front, or the dev server); also proxies /api and /identity. */
  appPort: number;
  /** The first API process's port; the others take any free port and say which. */
  apiPort: number;
  /** Our identity proxy, which the browser (through /identity) and the API talk to (cognito-local has a socket). */
  identityPort: number;
  userPoolId: string;
  clientId: string;
  region: string;
  /** Base URL of the identity service as the API reaches it. */
  identityUrl: string;
  /** The issuer the identity service writes into tokens (and the API pins). */
  issuer: string;
  /** The proxy's key set: this install's signing key (never the emulator's published one). */
  jwksUrl: string;
  apiUrl: string;
  appUrl: string;
  /** The local inbox (MailDev): where the API's SMTP goes, and its web page and REST API. */
  mailSmtpPort: number;
  mailWebPort: number;
  mailUrl: string;
}

function port(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`Not a port: ${value}`);
  return n;
}

function apiInstances(value: string | undefined, databaseUrl: string | undefined): number {
  const n = Number(value || '1');
  if (!Number.isInteger(n) || n < 1 || n > 16) throw new Error(`API_INSTANCES must be 1 to 16, not ${value}`);
  if (n > 1 && !databaseUrl) {
    throw new Error('API_INSTANCES above 1 needs DATABASE_URL: the embedded database (PGlite) belongs to one process.');
  }
  return n;
}

export function stackConfig(env: NodeJS.ProcessEnv = process.env): StackConfig {
  const dataDir = path.resolve(env.DATA_DIR || '.data');
  const databaseUrl = env.DATABASE_URL || undefined;
  const appPort = port(env.PORT, 4173);
  const apiPort = port(env.API_PORT, appPort + 7);
  const identityPort = port(env.IDENTITY_PORT, appPort + 5056);
  const mailSmtpPort = port(env.MAIL_SMTP_PORT, appPort + 5025);
  const mailWebPort = port(env.MAIL_WEB_PORT, appPort + 5080);
  const userPoolId = LOCAL_USER_POOL_ID;
  const identityUrl = `http://127.0.0.1:${identityPort}`;
  const issuerDomain = `http://localhost:${identityPort}`;
  return {
    buildDir: path.resolve(env.BUILD_DIR || 'dist'),
    dataDir,
    identityDir: path.join(dataDir, 'identity'),
    databaseDir: path.join(dataDir, 'db'),
    databaseUrl,
    apiInstances: apiInstances(env.API_INSTANCES, databaseUrl),
    appPort,
    apiPort,
    identityPort,
    userPoolId,
    clientId: LOCAL_CLIENT_ID,
    region: LOCAL_REGION,
    identityUrl,
    issuer: `${issuerDomain}/${userPoolId}`,
    jwksUrl: `${identityUrl}/${userPoolId}/.well-known/jwks.json`,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    appUrl: `http://localhost:${appPort}`,
    mailSmtpPort,
    mailWebPort,
    mailUrl: `http://localhost:${mailWebPort}`,
  };
}

/**
 * The environment that makes the API part of a local stack (for scripts that
 * spawn it). `adminSecret`: the running identity service's (scripts/identity/keys.ts).
 * The lab reports' key is DATA_DIR's own, made there on first use.
 */
export function serverEnvironmentFromStack(stack: StackConfig, adminSecret = ''): Record<string, string> {
  return {
    API_HOST: '127.0.0.1',
    API_PORT: String(stack.apiPort),
    DATA_DIR: stack.dataDir,
    DATABASE_URL: stack.databaseUrl ?? '',
    COGNITO_ISSUER: stack.issuer,
    COGNITO_JWKS_URL: stack.jwksUrl,
    COGNITO_CLIENT_ID: stack.clientId,
    COGNITO_USER_POOL_ID: stack.userPoolId,
    COGNITO_REGION: stack.region,
    COGNITO_ENDPOINT: stack.identityUrl,
    COGNITO_LOCAL_ADMIN_SECRET: adminSecret,
    // Every message goes to the local inbox, SMS too: none leaves the machine.
    SMTP_URL: `smtp://127.0.0.1:${stack.mailSmtpPort}`,
    SMS_PROVIDER: 'inbox',
    APP_PUBLIC_URL: stack.appUrl,
    MESSAGES_INTERVAL_SECONDS: '1',
    // The lab's original reports, sealed in the database under this install's key.
    REPORT_FILES_KEY: reportFilesKey(stack.dataDir),
  };
}

/** The configuration of the API inside a local stack, for scripts and tests that work in-process. */
export function configFromStack(stack: StackConfig): ServerConfig {
  return parseServerConfig(serverEnvironmentFromStack(stack));
}
