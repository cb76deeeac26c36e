import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { generationRequestSchema } from '../../core/api';
import type { Auth } from '../auth/auth';
import { requireUser, type SessionVars } from '../auth/session';
import type { Database } from '../db/client';
import { notFound, readJson } from '../http/errors';
import type { RequestVars } from '../http/request-log';
import type { JobRunner } from '../jobs/runner';
import type { GenerationEvents } from './events';
import type { Moderation } from './ports';
import { createGeneration, findGenerationView, getGeneration } from './service';

const POLL_MS = 2000;

export function generationRoutes(deps: {
  auth: Auth;
  db: Database;
  moderation: Moderation;
  events: GenerationEvents;
  jobs: JobRunner;
}) {
  const { db } = deps;
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
      const id = c.req.param('id');
      const userId = c.get('user').id;
      const first = await findGenerationView(db, id);
      if (!first || first.userId !== userId) throw notFound('Generation not found');
      return streamSSE(c, async (stream) => {
        let last = '';
        let wake: (() => void) | undefined;
        const unsubscribe = deps.events.subscribe(id, () => wake?.());
        stream.onAbort(() => {
          unsubscribe();
          wake?.();
        });
        try {
          let view = first.status;
          while (!stream.aborted) {
            const data = JSON.stringify(view);
            if (data !== last) {
              last = data;
              await stream.writeSSE({ event: 'status', data });
            }
            if (view.status === 'succeeded' || view.status === 'failed') break;
            // Wake on a local event, or re-read after POLL_MS for changes made by another process.
            await new Promise<void>((resolve) => {
              wake = resolve;
              setTimeout(resolve, POLL_MS);
            });
            const next = await findGenerationView(db, id);
            if (!next) break;
            view = next.status;
          }
        } finally {
          unsubscribe();
        }
      });
    });
}
