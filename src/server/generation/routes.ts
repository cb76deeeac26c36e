import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { generationRequestSchema } from '../../core/api';
import type { Auth } from '../auth/auth';
import { requireUser, type SessionVars } from '../auth/session';
import type { Database } from '../db/client';
import { readJson } from '../http/errors';
import type { RequestVars } from '../http/request-log';
import type { JobRunner } from '../jobs/runner';
import type { RateLimiter } from '../platform/rate-limit';
import type { GenerationEvents } from './events';
import type { Moderation } from './ports';
import { createProgressStreams } from './progress';
import { createGeneration, getGeneration } from './service';

export function generationRoutes(deps: {
  auth: Auth;
  db: Database;
  moderation: Moderation;
  events: GenerationEvents;
  jobs: JobRunner;
  rateLimiter: RateLimiter;
}) {
  const { db } = deps;
  // One set per app: streams of a job share its reads, and a member's streams are counted together.
  const streams = createProgressStreams({ db, events: deps.events });
  return new Hono<{ Variables: SessionVars & RequestVars }>()
    .use(requireUser(deps.auth))
    .post('/', async (c) => {
      const request = await readJson(c, generationRequestSchema);
      const created = await createGeneration(deps, { userId: c.get('user').id, request });
      return c.json(created, 202);
    })
    .get('/:id', async (c) =>
      c.json(await getGeneration(db, { id: c.req.param('id'), userId: c.get('user').id })),
    )
    .get('/:id/events', async (c) => {
      const abort = new AbortController();
      const progress = await streams.watch({
        id: c.req.param('id'),
        userId: c.get('user').id,
        signal: abort.signal,
      });
      return streamSSE(c, async (stream) => {
        stream.onAbort(() => abort.abort());
        for await (const view of progress) {
          await stream.writeSSE({ event: 'status', data: JSON.stringify(view) });
        }
      });
    });
}
