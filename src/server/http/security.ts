import { secureHeaders } from 'hono/secure-headers';

/** CSP: scripts, connections and images from our own origin only (plus a CDN for images when configured). */
export function securityHeaders(opts: { imageOrigins?: string[] } = {}) {
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
    strictTransportSecurity: false,
  });
}
