// HTTP only: /api/styles, the signed-in member's saved custom styles (Premium).
import { Hono } from 'hono';
import { customStyleCreateSchema, customStylePatchSchema } from '../../core/api';
import type { Auth } from '../auth/auth';
import { requireUser, type SessionVars } from '../auth/session';
import type { Database } from '../db/client';
import { readJson } from '../http/errors';
import type { RequestVars } from '../http/request-log';
import { createStyle, deleteStyle, listStyles, updateStyle } from './service';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

export function styleRoutes(deps: { db: Database; auth: Auth }) {
  const { db } = deps;
  return new Hono<{ Variables: SessionVars & RequestVars }>()
    .use(requireUser(deps.auth))
    .get('/', async (c) => c.json(await listStyles(db, c.get('user').id), 200, NO_STORE))
    .post('/', async (c) => {
      const style = await readJson(c, customStyleCreateSchema);
      return c.json(await createStyle(db, { userId: c.get('user').id, style }), 201, NO_STORE);
    })
    .patch('/:id', async (c) => {
      const patch = await readJson(c, customStylePatchSchema);
      const updated = await updateStyle(db, { userId: c.get('user').id, id: c.req.param('id'), patch });
      return c.json(updated, 200, NO_STORE);
    })
    .delete('/:id', async (c) => {
      await deleteStyle(db, { userId: c.get('user').id, id: c.req.param('id') });
      return c.body(null, 204);
    });
}
