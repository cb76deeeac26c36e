// HTTP only: /api/keys, the signed-in member's API keys (Settings → API keys).
import { Hono } from 'hono';
import { apiKeyCreateSchema } from '../../core/public-api';
import type { Auth } from '../auth/auth';
import { requireUser, type SessionVars } from '../auth/session';
import type { Database } from '../db/client';
import { readJson } from '../http/errors';
import type { RequestVars } from '../http/request-log';
import { createApiKey, listApiKeys, revokeApiKey } from './service';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

export function apiKeyRoutes(deps: { db: Database; auth: Auth }) {
  return new Hono<{ Variables: SessionVars & RequestVars }>()
    .use(requireUser(deps.auth))
    .get('/', async (c) =>
      c.json({ keys: await listApiKeys({ db: deps.db, userId: c.get('user').id }) }, 200, NO_STORE),
    )
    .post('/', async (c) => {
      const { name } = await readJson(c, apiKeyCreateSchema);
      return c.json(await createApiKey({ db: deps.db, userId: c.get('user').id, name }), 201, NO_STORE);
    })
    .delete('/:id', async (c) => {
      await revokeApiKey({ db: deps.db, userId: c.get('user').id, id: c.req.param('id') });
      return c.body(null, 204);
    });
}
