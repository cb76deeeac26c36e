// HTTP only: /api/team, the signed-in member's Enterprise team (rules in service.ts).
import { Hono } from 'hono';
import { teamInviteSchema, teamJoinSchema } from '../../core/api';
import type { Auth } from '../auth/auth';
import { requireUser, type SessionVars } from '../auth/session';
import type { Database } from '../db/client';
import { readJson } from '../http/errors';
import type { RequestVars } from '../http/request-log';
import { getTeam, inviteToTeam, joinTeam, removeFromTeam, revokeInvitation } from './service';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

export function teamRoutes(deps: { db: Database; auth: Auth }) {
  return new Hono<{ Variables: SessionVars & RequestVars }>()
    .use(requireUser(deps.auth))
    .get('/', async (c) => c.json(await getTeam(deps, c.get('user').id), 200, NO_STORE))
    .post('/invitations', async (c) => {
      const { email } = await readJson(c, teamInviteSchema);
      const caller = { userId: c.get('user').id, headers: c.req.raw.headers };
      return c.json(await inviteToTeam(deps, caller, email), 201, NO_STORE);
    })
    .delete('/invitations/:id', async (c) => {
      const caller = { userId: c.get('user').id, headers: c.req.raw.headers };
      await revokeInvitation(deps, caller, c.req.param('id'));
      return c.body(null, 204);
    })
    .post('/join', async (c) => {
      const { token } = await readJson(c, teamJoinSchema);
      const user = c.get('user');
      const caller = { userId: user.id, email: user.email, headers: c.req.raw.headers };
      return c.json(await joinTeam(deps, caller, token), 200, NO_STORE);
    })
    .delete('/members/:userId', async (c) => {
      const caller = { userId: c.get('user').id, headers: c.req.raw.headers };
      await removeFromTeam(deps, caller, c.req.param('userId'));
      return c.body(null, 204);
    });
}
