import * as v from 'valibot';
import { isSafeRedirectPath } from './redirect';

/**
 * `?redirect=` on /login and /unauthorized: kept only when it is a same-origin
 * path; anything else is dropped (never an error page).
 */
export const RedirectSearch = v.object({
  redirect: v.fallback(
    v.optional(
      v.pipe(
        v.string(),
        v.check((value: string) => isSafeRedirectPath(value), 'not a same-origin path'),
      ),
    ),
    undefined,
  ),
});
