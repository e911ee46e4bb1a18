/**
 * The reference API's configuration: environment variables, parsed once.
 *
 * The identity settings have no defaults on purpose: the local emulator signs
 * tokens with a key published in an npm package, so a server that fell back to
 * it would accept tokens anyone can mint. Whoever starts the server names the
 * identity service it trusts (scripts/stack does it for the local stack).
 */
import { hostname } from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import type { DatabaseLocation } from './db/database.ts';
import type { LogLevel } from './core/log.ts';
import type { IdentityServiceConfig } from './identity/identity-config.ts';
import { DEFAULT_RATE_LIMITS, type RateLimit, type RateLimits } from './http/rate-limit.ts';
import type { ReportFilesConfig } from './results/report-files.ts';

export interface ServerConfig {
  host: string;
  port: number;
  database: DatabaseLocation;
  identity: IdentityServiceConfig;
  /** Check every response against the contract too (tests and development). */
  validateResponses: boolean;
  /** Per-actor limits on lists, searches and writes; per address on refused authentications. */
  rateLimits: RateLimits;
  /** Express's `trust proxy`: whose X-Forwarded-For names the client (`loopback`, a subnet, a hop count). */
  trustProxy: string;
  /**
   * Where rate-limit buckets live: `database` (shared by every API process on it; the default on PostgreSQL) or
   * `memory` (this process's own; the default, and the only sense, on the embedded database).
   */
  rateLimitStore: 'memory' | 'database';
  /** This process's name in the log (`api-2`; by default the host's name and the process id). */
  instance: string;
  logLevel: LogLevel;
  /** How long refusals alike are counted into one audit record; 0 writes each on its own. */
  refusalTallyMs: number;
  /**
   * Where the lab's original reports (PDFs) are kept: the database, sealed with AES-256-GCM under
   * REPORT_FILES_KEY, or the S3 bucket REPORT_FILES_BUCKET under SSE-KMS (which wins when both are set). One is
   * required: a clinic's lab reports are never kept in the clear, and an API that could not keep them would
   * fail at the first one attached.
   */
  reportFiles: ReportFilesConfig;
}

/** An unset variable and an empty one mean the same: not given. */
const optionalText = v.optional(v.pipe(v.string(), v.trim()), '');
const requiredText = v.pipe(v.string('is required'), v.trim(), v.nonEmpty('is required'));
const requiredUrl = v.pipe(requiredText, v.url('must be a URL'));
/** `N/S`: N requests per S seconds, e.g. `300/60`; empty for the default. */
const optionalRateLimit = v.pipe(
  optionalText,
  v.check(
    (value) => value === '' || /^[1-9]\d{0,8}\/[1-9]\d{0,5}$/.test(value),
    'must be requests/seconds, e.g. 300/60',
  ),
);

/** 32 bytes in standard base64 (`openssl rand -base64 32`), as written: nothing lenient about a key. */
function isReportKey(text: string): boolean {
  const key = Buffer.from(text, 'base64');
  return key.length === 32 && key.toString('base64') === text;
}

function rateLimitOf(text: string, fallback: RateLimit): RateLimit {
  if (text === '') return fallback;
  const [requests, seconds] = text.split('/').map(Number);
  return { requests: requests!, seconds: seconds! };
}

/** Where the database is: all the migration command needs. */
const DatabaseEnvironmentSchema = v.object({
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), '.data'),
  DATABASE_URL: v.pipe(
    optionalText,
    v.check((value) => value === '' || /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// URL'),
  ),
  /**
   * The password of DATABASE_URL's user, when the URL holds none: a secret store hands it over on its own
   * (infra/: the database's secret in Secrets Manager), and it is then never part of a URL that gets logged.
   */
  DATABASE_PASSWORD: optionalText,
});

const EnvironmentSchema = v.object({
  API_HOST: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), '127.0.0.1'),
  API_PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'must be a port number'),
      v.transform(Number),
      v.integer(),
      // 0: any free port (the local stack's second and later API instances say which they got).
      v.minValue(0, 'must be a port number'),
      v.maxValue(65535, 'must be a port number'),
    ),
    '4180',
  ),
  ...DatabaseEnvironmentSchema.entries,
  COGNITO_ISSUER: requiredUrl,
  COGNITO_JWKS_URL: requiredUrl,
  COGNITO_CLIENT_ID: requiredText,
  COGNITO_USER_POOL_ID: requiredText,
  COGNITO_REGION: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), 'ap-south-1'),
  COGNITO_ENDPOINT: v.pipe(
    optionalText,
    v.check((value) => value === '' || URL.canParse(value), 'must be a URL'),
  ),
  COGNITO_LOCAL_ADMIN_SECRET: optionalText,
  API_VALIDATE_RESPONSES: v.optional(v.picklist(['true', 'false', ''], 'must be true or false'), ''),
  API_RATE_LIMIT_LIST: optionalRateLimit,
  API_RATE_LIMIT_SEARCH: optionalRateLimit,
  API_RATE_LIMIT_WRITE: optionalRateLimit,
  API_RATE_LIMIT_UNAUTHENTICATED: optionalRateLimit,
  API_REFUSAL_TALLY_SECONDS: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,4}$/, 'must be a number of seconds'), v.transform(Number)),
    '60',
  ),
  API_TRUST_PROXY: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), 'loopback'),
  API_RATE_LIMIT_STORE: v.optional(v.picklist(['memory', 'database', ''], 'must be memory or database'), ''),
  API_INSTANCE_NAME: optionalText,
  REPORT_FILES_KEY: v.pipe(
    optionalText,
    v.check((value) => value === '' || isReportKey(value), 'must be 32 bytes in base64 (openssl rand -base64 32)'),
  ),
  REPORT_FILES_BUCKET: v.pipe(
    optionalText,
    v.check((value) => value === '' || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value), 'must be an S3 bucket name'),
  ),
  /** The KMS key the bucket's objects are encrypted with (its ARN or id); the bucket's default key when empty. */
  REPORT_FILES_KMS_KEY_ID: optionalText,
  REPORT_FILES_REGION: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), 'ap-south-1'),
  LOG_LEVEL: v.optional(
    v.picklist(['debug', 'info', 'warn', 'error', 'silent', ''], 'must be debug, info, warn, error or silent'),
    '',
  ),
});

export class ConfigurationError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid API configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigurationError';
  }
}

/** The environment parsed by `schema`; throws one error listing every missing or invalid variable. */
function parsed<Schema extends v.GenericSchema>(
  schema: Schema,
  env: Readonly<Record<string, string | undefined>>,
): v.InferOutput<Schema> {
  const result = v.safeParse(schema, env);
  if (!result.success) {
    const problems = result.issues.map(
      (issue) =>
        `${v.getDotPath(issue) ?? '(environment)'} ${issue.input === undefined ? 'is required' : issue.message}`,
    );
    throw new ConfigurationError(problems);
  }
  return result.output;
}

function databaseLocation(values: v.InferOutput<typeof DatabaseEnvironmentSchema>): DatabaseLocation {
  if (values.DATABASE_URL === '') return { kind: 'pglite', dataDir: path.resolve(values.DATA_DIR, 'db') };
  if (values.DATABASE_PASSWORD === '') return { kind: 'postgres', url: values.DATABASE_URL };
  const url = new URL(values.DATABASE_URL);
  url.password = encodeURIComponent(values.DATABASE_PASSWORD);
  return { kind: 'postgres', url: url.toString() };
}

/** The database alone (DATABASE_URL, or the embedded one in DATA_DIR/db): what `npm run migrate` reads. */
export function parseDatabaseConfig(env: Readonly<Record<string, string | undefined>>): DatabaseLocation {
  return databaseLocation(parsed(DatabaseEnvironmentSchema, env));
}

const NO_REPORT_FILES =
  'REPORT_FILES_KEY or REPORT_FILES_BUCKET is required: where the lab’s original reports are kept, encrypted ' +
  '(REPORT_FILES_KEY: 32 bytes in base64, from `openssl rand -base64 32`, keeps them in the database; ' +
  'REPORT_FILES_BUCKET: an S3 bucket, under SSE-KMS)';

const given = (value: string | undefined) => value !== undefined && value.trim() !== '';

function reportFilesConfig(values: v.InferOutput<typeof EnvironmentSchema>): ReportFilesConfig {
  if (values.REPORT_FILES_BUCKET !== '') {
    return {
      kind: 's3',
      bucket: values.REPORT_FILES_BUCKET,
      region: values.REPORT_FILES_REGION,
      kmsKeyId: values.REPORT_FILES_KMS_KEY_ID || undefined,
    };
  }
  return { kind: 'database', key: Buffer.from(values.REPORT_FILES_KEY, 'base64') };
}

/** Reads the configuration; throws one error listing every missing or invalid variable. */
export function parseServerConfig(env: Readonly<Record<string, string | undefined>>): ServerConfig {
  // Told with every other problem at once: a deployment learns all it lacks from one failed start.
  const missing = given(env.REPORT_FILES_KEY) || given(env.REPORT_FILES_BUCKET) ? [] : [NO_REPORT_FILES];
  let values: v.InferOutput<typeof EnvironmentSchema>;
  try {
    values = parsed(EnvironmentSchema, env);
  } catch (error) {
    if (error instanceof ConfigurationError) throw new ConfigurationError([...error.problems, ...missing]);
    throw error;
  }
  if (missing.length > 0) throw new ConfigurationError(missing);
  return {
    host: values.API_HOST,
    port: values.API_PORT,
    database: databaseLocation(values),
    identity: {
      issuer: values.COGNITO_ISSUER,
      jwksUrl: values.COGNITO_JWKS_URL,
      clientId: values.COGNITO_CLIENT_ID,
      userPoolId: values.COGNITO_USER_POOL_ID,
      region: values.COGNITO_REGION,
      endpoint: values.COGNITO_ENDPOINT === '' ? undefined : values.COGNITO_ENDPOINT,
      localAdminSecret: values.COGNITO_LOCAL_ADMIN_SECRET === '' ? undefined : values.COGNITO_LOCAL_ADMIN_SECRET,
    },
    validateResponses: values.API_VALIDATE_RESPONSES === 'true',
    trustProxy: values.API_TRUST_PROXY,
    rateLimitStore: values.API_RATE_LIMIT_STORE || (values.DATABASE_URL === '' ? 'memory' : 'database'),
    instance: values.API_INSTANCE_NAME || `${hostname()}:${process.pid}`,
    logLevel: values.LOG_LEVEL || 'info',
    refusalTallyMs: values.API_REFUSAL_TALLY_SECONDS * 1000,
    reportFiles: reportFilesConfig(values),
    rateLimits: {
      list: rateLimitOf(values.API_RATE_LIMIT_LIST, DEFAULT_RATE_LIMITS.list),
      search: rateLimitOf(values.API_RATE_LIMIT_SEARCH, DEFAULT_RATE_LIMITS.search),
      write: rateLimitOf(values.API_RATE_LIMIT_WRITE, DEFAULT_RATE_LIMITS.write),
      unauthenticated: rateLimitOf(values.API_RATE_LIMIT_UNAUTHENTICATED, DEFAULT_RATE_LIMITS.unauthenticated),
    },
  };
}
