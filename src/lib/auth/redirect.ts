/**
 * A `?redirect=` target is followed only when it is a path on this origin
 * (never `//host`, `https://host`, `javascript:` and the like).
 */
const BASE = 'http://thrive.invalid';

export function safeRedirectPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  // The parser drops tabs and newlines and turns backslashes into slashes, so
  // a value that looked like a path may still name another host.
  if (url.origin !== BASE) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function isSafeRedirectPath(value: unknown): value is string {
  return safeRedirectPath(value) !== undefined;
}
