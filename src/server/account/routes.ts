import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { deleteAccountSchema, profileUpdateSchema, transactionsQuerySchema } from '../../core/api';
import type { Auth } from '../auth/auth';
import { requireUser, type SessionVars } from '../auth/session';
import type { MemberActionThrottle } from '../auth/throttle';
import { listTransactions } from '../credits/service';
import type { Database } from '../db/client';
import type { GalleryCache } from '../gallery/first-page-cache';
import { parseWith, readJson } from '../http/errors';
import type { RequestVars } from '../http/request-log';
import type { Deletions } from '../storage/deletions';
import { confirmDeletion, deleteAccount, getMe, updateProfile } from './service';

export function accountRoutes(deps: {
  auth: Auth;
  db: Database;
  deletions: Deletions;
  onAccountDeleting?: (userId: string) => Promise<void>;
  /** Runs before a deletion is looked at (rate limits). */
  throttleDeletion?: MemberActionThrottle;
  /** The author line and the pictures of the public gallery change with these. */
  galleryCache?: GalleryCache;
}) {
  const { db } = deps;
  return new Hono<{ Variables: SessionVars & RequestVars }>()
    .use(requireUser(deps.auth))
    .get('/', async (c) => {
      const user = c.get('user');
      const me = await getMe(db, user.id, new Date(), user.sessionStartedAt);
      return c.json(me, 200, { 'Cache-Control': 'no-store' });
    })
    .patch('/profile', async (c) => {
      const body = await readJson(c, profileUpdateSchema);
      await updateProfile(db, { userId: c.get('user').id, fullName: body.fullName, username: body.username });
      await deps.galleryCache?.invalidate();
      return c.json(await getMe(db, c.get('user').id, new Date(), c.get('user').sessionStartedAt));
    })
    .get('/transactions', async (c) => {
      const { page } = parseWith(transactionsQuerySchema, c.req.query());
      return c.json(await listTransactions(db, c.get('user').id, { page, pageSize: 10 }));
    })
    .delete('/', async (c) => {
      const user = c.get('user');
      await deps.throttleDeletion?.(c, user.id);
      const body = await readJson(c, deleteAccountSchema);
      // The typed e-mail first: a mistyped one must not cancel the subscription and keep the account.
      confirmDeletion({ email: user.email, confirmEmail: body.confirmEmail });
      await deps.onAccountDeleting?.(user.id);
      await deleteAccount(db, deps.deletions, {
        userId: user.id,
        email: user.email,
        confirmEmail: body.confirmEmail,
      });
      await deps.galleryCache?.invalidate();
      // The sessions are gone with the user; also tell the browser to drop its cookies. A
      // __Secure- cookie is only replaced by one that is itself Secure, hence Better Auth's attributes.
      const { authCookies } = await deps.auth.$context;
      for (const cookie of [
        authCookies.sessionToken,
        authCookies.sessionData,
        authCookies.dontRememberToken,
      ]) {
        deleteCookie(c, cookie.name, {
          path: cookie.attributes.path ?? '/',
          secure: cookie.attributes.secure,
          httpOnly: true,
          sameSite: 'Lax',
        });
      }
      return c.json({ deleted: true });
    });
}
