/**
 * What the app's files are served with, wherever they are served from: the
 * security headers of every page, and the caching rule of each kind of file.
 * The build writes both to `_headers` (static hosts read it, and so does the
 * production front, front/server.ts); the AWS stack (infra/) puts the same
 * values into CloudFront's policies.
 */

/**
 * Where the app may connect besides its own origin: the identity service. A
 * path (the local stack's /identity) is the app's own origin; none means
 * Amazon Cognito in the configured region.
 */
function identityOrigin(env: Readonly<Record<string, string | undefined>>): string | null {
  const endpoint = env.VITE_COGNITO_ENDPOINT ?? '';
  if (endpoint.startsWith('/')) return null;
  if (endpoint !== '') return new URL(endpoint).origin;
  return `https://cognito-idp.${env.VITE_COGNITO_REGION || 'ap-south-1'}.amazonaws.com`;
}

/**
 * The headers every page of the app is served with: a strict Content Security
 * Policy (scripts from the app's own origin only, never inline; styles may be
 * inline because Mantine writes its theme variables at run time), no sniffing,
 * no referrer, no framing, an own browsing context group, and none of the
 * device's sensors. `env` is the build's (its `VITE_*` variables).
 */
export function appSecurityHeaders(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const identity = identityOrigin(env);
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src 'self'${identity ? ` ${identity}` : ''}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  };
}

/** Where Vite puts the files whose names carry a hash of their content. */
export const HASHED_ASSETS_PREFIX = '/assets/';

/** A file whose name changes with its content never changes: kept a year, never asked about again. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Everything else (the documents, the service worker, version.json, the manifest and the icons) keeps its name
 * from one build to the next: the browser may keep it, but asks the server (a conditional request) before each
 * use, so a new version reaches the next start.
 */
export const CACHE_REVALIDATE = 'no-cache';

/** The Cache-Control of a file of the build, by its path (`/assets/index-Ab12.js`, `/sw.js`). */
export function cacheControlFor(urlPath: string): string {
  return urlPath.startsWith(HASHED_ASSETS_PREFIX) ? CACHE_IMMUTABLE : CACHE_REVALIDATE;
}

const HEADERS_FILE_EVERY_PATH = '/*';

/**
 * `_headers` (the format Netlify and Cloudflare Pages read): the security headers for every path, and a year for
 * the hashed assets. Only those name Cache-Control: such hosts join the values of every rule that matches, and
 * their default for the rest (revalidate before use) is CACHE_REVALIDATE's.
 */
export function headersFileText(security: Readonly<Record<string, string>>): string {
  const block = (pattern: string, headers: Readonly<Record<string, string>>) =>
    [pattern, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  return [
    block(HEADERS_FILE_EVERY_PATH, security),
    block(`${HASHED_ASSETS_PREFIX}*`, { 'Cache-Control': CACHE_IMMUTABLE }),
  ]
    .join('\n')
    .concat('\n');
}

/** The security headers a build's `_headers` names for every path (the caching rules are cacheControlFor's). */
export function securityHeadersOf(headersFile: string): Record<string, string> {
  const headers: Record<string, string> = {};
  let inEveryPath = false;
  for (const line of headersFile.split('\n')) {
    if (!line.startsWith(' ')) {
      inEveryPath = line.trim() === HEADERS_FILE_EVERY_PATH;
      continue;
    }
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim();
    if (inEveryPath && colon > 0 && name.toLowerCase() !== 'cache-control') {
      headers[name] = line.slice(colon + 1).trim();
    }
  }
  return headers;
}
