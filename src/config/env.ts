import * as v from 'valibot';

/**
 * Thrive's build-time configuration (Vite's `VITE_*` variables), parsed once.
 * A bad or missing value never crashes the page: the app shows the spec's
 * configuration error and logs every problem to the console.
 */

export type AuthFlow = 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH';

export interface Env {
  cognito: {
    userPoolId: string;
    clientId: string;
    region: string;
    /** Absolute URL of the identity service; undefined means Amazon Cognito itself. */
    endpoint: string | undefined;
  };
  authFlow: AuthFlow;
  /** Absolute URL of the API, ending in /api/v1 (no trailing slash). */
  apiBase: string;
  /** The super-admin contact shown on the unauthorized page. */
  supportEmail: string;
  /** Identifies the build (the same id is written to /version.json). */
  buildId: string;
}

export type EnvResult = { ok: true; env: Env } | { ok: false; problems: string[] };

export const ENV_KEYS = [
  'VITE_COGNITO_USER_POOL_ID',
  'VITE_COGNITO_CLIENT_ID',
  'VITE_COGNITO_REGION',
  'VITE_COGNITO_ENDPOINT',
  'VITE_AUTH_FLOW',
  'VITE_API_BASE',
  'VITE_SUPPORT_EMAIL',
  'VITE_BUILD_ID',
] as const;

const MISSING = 'is missing';

const RawEnvSchema = v.object({
  VITE_COGNITO_USER_POOL_ID: v.pipe(
    v.string(MISSING),
    v.regex(/^[a-z]{2}(-[a-z]+)+-\d_[0-9A-Za-z]+$/, 'is not a user pool id (<region>_<id>)'),
  ),
  VITE_COGNITO_CLIENT_ID: v.pipe(v.string(MISSING), v.regex(/^[\w+-]+$/, 'is not an app client id')),
  VITE_COGNITO_REGION: v.optional(
    v.pipe(v.string(), v.regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'is not a region (e.g. ap-south-1)')),
    'ap-south-1',
  ),
  VITE_COGNITO_ENDPOINT: v.optional(
    v.pipe(v.string(), v.regex(/^(\/|https?:\/\/)/, 'must be a path such as /identity or an http(s) URL')),
  ),
  VITE_AUTH_FLOW: v.optional(
    v.picklist(['USER_PASSWORD_AUTH', 'USER_SRP_AUTH'], 'must be USER_PASSWORD_AUTH or USER_SRP_AUTH'),
    'USER_SRP_AUTH',
  ),
  VITE_API_BASE: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(\/|https?:\/\/)/, 'must be a path such as /api/v1 or an http(s) URL'),
      v.regex(/\/api\/v1\/?$/, 'must end in /api/v1'),
    ),
    '/api/v1',
  ),
  VITE_SUPPORT_EMAIL: v.pipe(v.string(MISSING), v.email('is not an e-mail address')),
  VITE_BUILD_ID: v.optional(v.string(), 'dev'),
});

/** Vite turns `NAME=` into an empty string; that means "not set". */
function blankToUndefined(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

function absolute(pathOrUrl: string, origin: string): string {
  return new URL(pathOrUrl, origin).href.replace(/\/+$/, '');
}

/**
 * Pure parser, for tests and for `readEnv`. `origin` resolves relative values
 * such as `/identity` and `/api/v1` against the page's own origin.
 */
export function parseEnv(raw: Readonly<Record<string, unknown>>, origin: string): EnvResult {
  // Every key is present (possibly undefined), so a missing one is reported by
  // its own schema ("is missing") rather than as an unknown object shape.
  const input = Object.fromEntries(ENV_KEYS.map((key) => [key, blankToUndefined(raw[key])]));
  const result = v.safeParse(RawEnvSchema, input);
  if (!result.success) {
    return {
      ok: false,
      problems: result.issues.map((issue) => `${v.getDotPath(issue) ?? 'environment'} ${issue.message}`),
    };
  }
  const out = result.output;
  // Amplify takes the region from the pool id; a mismatch means two settings disagree.
  if (!out.VITE_COGNITO_USER_POOL_ID.startsWith(`${out.VITE_COGNITO_REGION}_`)) {
    return {
      ok: false,
      problems: [`VITE_COGNITO_USER_POOL_ID is not in region ${out.VITE_COGNITO_REGION} (VITE_COGNITO_REGION)`],
    };
  }
  return {
    ok: true,
    env: {
      cognito: {
        userPoolId: out.VITE_COGNITO_USER_POOL_ID,
        clientId: out.VITE_COGNITO_CLIENT_ID,
        region: out.VITE_COGNITO_REGION,
        endpoint: out.VITE_COGNITO_ENDPOINT === undefined ? undefined : absolute(out.VITE_COGNITO_ENDPOINT, origin),
      },
      authFlow: out.VITE_AUTH_FLOW,
      apiBase: absolute(out.VITE_API_BASE, origin),
      supportEmail: out.VITE_SUPPORT_EMAIL,
      buildId: out.VITE_BUILD_ID,
    },
  };
}

let parsed: EnvResult | undefined;

/** The environment of this page, parsed on first use and never again. */
export function readEnv(): EnvResult {
  parsed ??= parseEnv(import.meta.env, window.location.origin);
  return parsed;
}

/** The valid environment; only call once the app has checked `readEnv().ok`. */
export function getEnv(): Env {
  const result = readEnv();
  if (!result.ok) throw new Error(`Thrive configuration error: ${result.problems.join('; ')}`);
  return result.env;
}
