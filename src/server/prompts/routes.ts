// HTTP only: POST /api/prompts/suggest, three improved prompts for an idea (Basic and above).
import { Hono } from 'hono';
import { promptSuggestRequestSchema } from '../../core/api';
import type { Auth } from '../auth/auth';
import { requireUser, type SessionVars } from '../auth/session';
import { readJson } from '../http/errors';
import type { RequestVars } from '../http/request-log';
import { type SuggestDeps, suggestPrompts } from './service';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

export function promptRoutes(deps: SuggestDeps & { auth: Auth }) {
  return new Hono<{ Variables: SessionVars & RequestVars }>()
    .use(requireUser(deps.auth))
    .post('/suggest', async (c) => {
      const { prompt } = await readJson(c, promptSuggestRequestSchema);
      const answer = await suggestPrompts(deps, {
        userId: c.get('user').id,
        prompt,
        signal: c.req.raw.signal,
      });
      return c.json(answer, 200, NO_STORE);
    });
}
