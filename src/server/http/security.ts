import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { errorBody } from './errors';

/** CSP: scripts, connections and images from our own origin only (plus a CDN for images when configured). */
export function securityHeaders(opts: { imageOrigins?: string[]; https?: boolean } = {}) {
  const images = ["'self'", 'data:', 'blob:', ...(opts.imageOrigins ?? [])];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: images,
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginResourcePolicy: 'same-origin',
    crossOriginOpenerPolicy: 'same-origin',
    // Served over https (PUBLIC_URL): browsers keep to https for a year, so no first request
    // travels in clear text. Not includeSubDomains: other hosts of the domain are not ours to decide.
    strictTransportSecurity: opts.https ? 'max-age=31536000' : false,
  });
}

/**
 * A path whose percent-encoding does not decode (`/%E0%A4%A`) is the client's mistake: 400, not a
 * URIError deep in a handler answered as a 500 with a stack in the log.
 */
export function refuseMalformedPaths(): MiddlewareHandler {
  return async (c, next) => {
    try {
      decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.json(
        errorBody('bad_request', 'The address is not valid: it has malformed percent-encoding'),
        400,
      );
    }
    await next();
  };
}
