// Better Auth's handler behind our own front: input normalised and checked, rate limited, sign-up
// made atomic, and every error answered in our JSON shape.

import { type Context, Hono } from 'hono';
import { z } from 'zod';
import {
  type ContestedConfirmation,
  emailSchema,
  passwordSchema,
  type SignUpResult,
  safeText,
} from '../../core/api';
import { MESSAGES } from '../../core/messages';
import type { Database, Tx } from '../db/client';
import { AppError, errorBody, readJson } from '../http/errors';
import type { RequestVars } from '../http/request-log';
import {
  addressKey,
  CHANGE_PASSWORD_ACCOUNT_RATE_LIMIT,
  CHANGE_PASSWORD_RATE_LIMIT,
  PASSWORD_FAILURES,
  type RateLimiter,
  type RateLimitRule,
  RESET_PASSWORD_RATE_LIMIT,
  RESET_REQUEST_RATE_LIMIT,
  SIGN_IN_ACCOUNT_RATE_LIMIT,
  SIGN_IN_RATE_LIMIT,
  SIGN_UP_RATE_LIMIT,
  signInSlowdownMs,
} from '../platform/rate-limit';
import { type Auth, CLIENT_IP_HEADER } from './auth';
import { clientIp } from './client-ip';
import { passwordWeakness } from './password-policy';
import { signUp } from './sign-up';

// Only these Better Auth endpoints are reachable; account deletion and profile edits are ours.
const OPEN_ENDPOINTS = new Set([
  '/sign-in/email',
  '/sign-out',
  '/get-session',
  '/request-password-reset',
  '/reset-password',
  '/change-password',
  '/list-sessions',
  '/revoke-session',
  '/revoke-other-sessions',
  '/verify-email',
  '/ok',
  '/error',
]);

export const RESET_LINK_INVALID = 'This reset link is invalid or has expired. Please request a new one.';

// Better Auth's wording where ours reads better to a member; other codes keep its message.
const FRIENDLY_MESSAGES: Record<string, string> = {
  INVALID_TOKEN: RESET_LINK_INVALID,
  EMAIL_NOT_VERIFIED: MESSAGES.emailNotConfirmed,
};

/** A new password must also pass the strength check; `related` says what it must not lean on. */
function refuseWeak<T>(password: (v: T) => string, related: (v: T) => string[] = () => []) {
  return (value: T, ctx: z.RefinementCtx) => {
    const weakness = passwordWeakness(password(value), related(value));
    if (weakness) ctx.addIssue({ code: 'custom', path: ['password'], message: weakness });
  };
}

const signUpBody = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    name: safeText().max(100).optional(),
    rememberMe: z.boolean().optional(),
  })
  .superRefine(
    refuseWeak(
      (b) => b.password,
      (b) => [b.email, b.name ?? ''],
    ),
  );

const emailOnlyBody = z.looseObject({ email: safeText().optional() });

const resetPasswordBody = z
  .object({
    newPassword: passwordSchema,
    token: safeText({ error: RESET_LINK_INVALID }).min(1, RESET_LINK_INVALID).max(200, RESET_LINK_INVALID),
  })
  .superRefine(refuseWeak((b) => b.newPassword));

const changePasswordBody = z
  .object({
    currentPassword: safeText().max(1000),
    newPassword: passwordSchema,
    revokeOtherSessions: z.boolean().optional(),
  })
  .superRefine(refuseWeak((b) => b.newPassword));

export function authRoutes(deps: {
  auth: Auth;
  db: Database;
  rateLimiter: RateLimiter;
  trustedProxyHops: number;
  /** Creates a new member's records in the sign-up transaction (auth/sign-up.ts). */
  onMemberCreated: (tx: Tx, userId: string) => Promise<void>;
}) {
  const { auth, db, rateLimiter } = deps;
  const app = new Hono<{ Variables: RequestVars }>();
  const addressOf = (c: Context) => clientIp(c.req.raw, deps.trustedProxyHops, c.env);
  // Better Auth records the address on sessions; it reads ours, never a header the client wrote.
  const forAuth = (c: Context, request: Request) => {
    const headers = new Headers(request.headers);
    headers.set(CLIENT_IP_HEADER, addressOf(c));
    return new Request(request, { headers });
  };
  const handle = async (c: Context, request: Request = c.req.raw) =>
    inOurErrorShape(await auth.handler(forAuth(c, request)));

  const limit = async (c: Context, rule: RateLimitRule, email?: string) => {
    const keys = [addressKey(addressOf(c))];
    if (email) keys.push(`email:${email}`);
    await rateLimiter.hit(rule, keys);
  };

  /**
   * Checking a password, as sign-in and change-password do: limited per address and per address
   * and account; an account that keeps failing from everywhere answers slower, never not at all,
   * so nobody can lock a member out by failing on purpose. Wrong passwords are counted, a right
   * one clears the count.
   */
  const checkingPassword = async (
    c: Context,
    rules: { address: RateLimitRule; account: RateLimitRule },
    account: string | undefined,
    run: () => Promise<Response>,
    isWrongPassword: (res: Response) => Promise<boolean>,
  ) => {
    const address = addressKey(addressOf(c));
    await rateLimiter.hit(rules.address, [address]);
    if (!account) return run();
    await rateLimiter.hit(rules.account, [`${address}:${account}`]);
    const failuresKey = `account:${account}`;
    const wait = signInSlowdownMs(await rateLimiter.peek(PASSWORD_FAILURES, failuresKey));
    // The wait comes before the check, right password or not: its length says nothing.
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const res = await run();
    if (res.ok) await rateLimiter.reset(PASSWORD_FAILURES, failuresKey);
    else if (await isWrongPassword(res)) await rateLimiter.add(PASSWORD_FAILURES, failuresKey);
    return res;
  };

  app.post('/sign-up/email', async (c) => {
    const body = await readJson(c, signUpBody);
    await limit(c, SIGN_UP_RATE_LIMIT, body.email);
    const request = withJsonBody(c.req.raw, { ...body, name: body.name ?? '' });
    const refusal = await signUp(
      { db, auth, logger: c.get('log'), onMemberCreated: deps.onMemberCreated },
      { ...body, createUser: () => auth.handler(forAuth(c, request)) },
    );
    if (refusal) return inOurErrorShape(refusal);
    // The same answer whether the address was new or taken: no session until the e-mail link.
    return c.json({ status: 'confirmation_sent' } satisfies SignUpResult);
  });

  app.post('/sign-in/email', async (c) => {
    const body = await readJson(c, emailOnlyBody);
    const email = normaliseEmail(body.email);
    return checkingPassword(
      c,
      { address: SIGN_IN_RATE_LIMIT, account: SIGN_IN_ACCOUNT_RATE_LIMIT },
      email ? `email:${email}` : undefined,
      () => handle(c, withJsonBody(c.req.raw, { ...body, email })),
      async (res) => res.status === 401,
    );
  });

  app.post('/change-password', async (c) => {
    const user = await auth.readSession(c.req.raw.headers);
    if (!user) throw new AppError(401, 'unauthorized', 'Please sign in to continue');
    const body = await readJson(c, changePasswordBody);
    return checkingPassword(
      c,
      { address: CHANGE_PASSWORD_RATE_LIMIT, account: CHANGE_PASSWORD_ACCOUNT_RATE_LIMIT },
      `email:${user.email}`,
      () => handle(c, withJsonBody(c.req.raw, body)),
      async (res) => res.status === 400 && (await errorCode(res)) === 'invalid_password',
    );
  });

  app.post('/request-password-reset', async (c) => {
    const body = await readJson(c, emailOnlyBody);
    const email = normaliseEmail(body.email);
    await limit(c, RESET_REQUEST_RATE_LIMIT, email);
    return handle(c, withJsonBody(c.req.raw, { ...body, email }));
  });

  app.post('/reset-password', async (c) => {
    const body = await readJson(c, resetPasswordBody);
    await limit(c, RESET_PASSWORD_RATE_LIMIT);
    return handle(c, withJsonBody(c.req.raw, body));
  });

  // Better Auth accepts any link it signed that has not expired; we also refuse one that was
  // withdrawn (an earlier sign-up's, after a newer sign-up took the unconfirmed account over).
  // An account signed up for more than once is confirmed here without its password, and the
  // follower (who holds the mailbox) chooses one with the reset token in the answer; no session.
  app.get('/verify-email', async (c) => {
    const token = c.req.query('token');
    const userId = token ? await auth.liveConfirmationLinkUser(token) : null;
    if (!userId) throw new AppError(401, 'invalid_token', FRIENDLY_MESSAGES.INVALID_TOKEN);
    const resetToken = await auth.confirmContestedAccount(userId);
    if (resetToken)
      return c.json({
        status: 'choose_password',
        resetToken,
        message: MESSAGES.choosePasswordAfterContestedSignUp,
      } satisfies ContestedConfirmation);
    return handle(c);
  });

  app.all('/*', (c) => {
    const endpoint = c.req.path.replace(/^\/api\/auth/, '');
    if (!OPEN_ENDPOINTS.has(endpoint)) throw new AppError(404, 'not_found', 'Not found');
    return handle(c);
  });

  return app;
}

async function errorCode(res: Response): Promise<string | undefined> {
  try {
    return ((await res.clone().json()) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
}

function normaliseEmail(email: unknown): string | undefined {
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
}

function withJsonBody(original: Request, body: unknown): Request {
  const headers = new Headers(original.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Request(original.url, { method: original.method, headers, body: JSON.stringify(body) });
}

/**
 * Better Auth answers errors as `{ code: 'SOME_CODE', message }`; the rest of our API (and the web
 * client's error reader) uses `{ error: { code, message } }`. Headers (Set-Cookie) are kept.
 */
async function inOurErrorShape(response: Response): Promise<Response> {
  if (response.ok || response.status < 400) return response;
  let code = 'auth_error';
  let message = 'Request failed';
  try {
    const body = (await response.clone().json()) as { code?: unknown; message?: unknown; error?: unknown };
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'object')
      return response;
    if (typeof body?.code === 'string') {
      code = body.code.toLowerCase();
      message = FRIENDLY_MESSAGES[body.code] ?? (typeof body.message === 'string' ? body.message : message);
    } else if (typeof body?.message === 'string') {
      message = body.message;
    }
  } catch {
    // Not JSON: keep the generic code and message.
  }
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Response(JSON.stringify(errorBody(code, message)), { status: response.status, headers });
}
