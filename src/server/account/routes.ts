import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { deleteAccountSchema, profileUpdateSchema, transactionsQuerySchema } from '../../core/api';
import type { Auth } from '../auth/auth';
import { requireUser, type SessionVars } from '../auth/session';
import type { MemberActionThrottle } from '../auth/throttle';
import { listTransactions } from '../credits/service';
import { parseWith, readJson } from '../http/errors';
import type { RequestVars } from '../http/request-log';
import { type DeleteAccountDeps, deleteAccount } from './delete-account';
import { getMe, updateProfile } from './service';

export function accountRoutes(
  deps: DeleteAccountDeps & {
    auth: Auth;
    /** Runs before a deletion is looked at (rate limits). */
    throttleDeletion?: MemberActionThrottle;
  },
) {
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
      await updateProfile(deps, {
        userId: c.get('user').id,
        fullName: body.fullName,
        username: body.username,
      });
      return c.json(await getMe(db, c.get('user').id, new Date(), c.get('user').sessionStartedAt));
    })
    .get('/transactions', async (c) => {
      const { page } = parseWith(transactionsQuerySchema, c.req.query());
      return c.json(await listTransactions(db, c.get('user').id, { page, pageSize: 10 }));
    })
    .delete('/', async (c) => {
      const user = c.get('user');
      await deps.throttleDeletion?.(c, user.id);
      const { confirmEmail } = await readJson(c, deleteAccountSchema);
      await deleteAccount(deps, { userId: user.id, email: user.email, confirmEmail });
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
