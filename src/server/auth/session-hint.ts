// Keeps the readable session hint (SESSION_HINT_COOKIE) in step with Better Auth's httpOnly session
// cookie: set with the same lifetime when a session cookie is set, cleared when it is cleared or
// when /api/me finds no session behind it (expired or revoked elsewhere). A browser that has a
// session cookie from before the hint existed gets one with its next request.
import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { SESSION_HINT_COOKIE } from '../../core/constants';

const SESSION_COOKIE = /^(?:__Secure-)?better-auth\.session_token=([^;]*)(.*)$/i;

export function sessionHint(opts: { secure: boolean; sessionSeconds: number }): MiddlewareHandler {
  const hint = (c: Parameters<MiddlewareHandler>[0], maxAge: number | undefined) =>
    setCookie(c, SESSION_HINT_COOKIE, maxAge === 0 ? '' : '1', {
      path: '/',
      sameSite: 'Lax',
      secure: opts.secure,
      maxAge,
    });
  return async (c, next) => {
    await next();
    const session = c.res.headers
      .getSetCookie()
      .map((line) => SESSION_COOKIE.exec(line))
      .find((match) => match !== null);
    if (session) {
      const [, value, attributes] = session;
      const maxAgeText = /max-age=(-?\d+)/i.exec(attributes)?.[1];
      const maxAge = maxAgeText === undefined ? undefined : Math.max(0, Number(maxAgeText));
      // Without Max-Age both are cookies of the browser session.
      hint(c, value === '' ? 0 : maxAge);
    } else if (c.res.status === 401 && c.req.path === '/api/me') {
      if (getCookie(c, SESSION_HINT_COOKIE)) hint(c, 0);
    } else if (!getCookie(c, SESSION_HINT_COOKIE) && hasSessionCookie(c.req.header('cookie'))) {
      hint(c, opts.sessionSeconds);
    }
  };
}

function hasSessionCookie(header: string | undefined): boolean {
  return Boolean(header && /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=[^;]/i.test(header));
}
