/**
 * The API's answers are data, never a page: no browser should run, frame,
 * sniff or refer from them. helmet sets the standard headers; the policy is
 * the strictest there is.
 */
import helmet from 'helmet';

export const securityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  // An API is not framed, and answers no cross-origin request: no CORS headers are ever sent.
  xFrameOptions: { action: 'deny' },
});
