import { Hono } from 'hono';
import type { DatabaseHandle } from '../db/client';
import { deletionBacklog } from '../storage/deletions';

export function healthRoutes(opts: { database: DatabaseHandle; version: string }) {
  return new Hono().get('/', async (c) => {
    const db = await pingWithin(opts.database, 2000);
    const body = {
      status: db ? 'ok' : 'degraded',
      db: db ? 'ok' : 'down',
      version: opts.version,
      // Files the store has not yet confirmed deleted: how many, and the oldest one's age.
      deletions: db ? await deletionBacklog(opts.database.db).catch(() => null) : null,
    };
    return c.json(body, db ? 200 : 503, { 'Cache-Control': 'no-store' });
  });
}

async function pingWithin(database: DatabaseHandle, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      database.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), ms);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
