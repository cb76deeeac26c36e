// Tells progress streams that a generation changed. In one process an emitter is enough. On
// PostgreSQL, several processes share the jobs (a worker runs what a web process streams), so each
// change also goes out as a NOTIFY and every other process wakes its streams for that job at once;
// streams still re-read on a timer, so a lost notification only makes an update late.
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { GenerationStatus } from '../../core/api';
import type { Logger } from '../logger';

/**
 * A change to one generation. `view` is the job's new view when the writer had it at hand (the
 * statement that made the change returned the row): a stream shows it without reading the row again.
 */
export type GenerationListener = (view?: GenerationStatus) => void;

export type GenerationEvents = {
  publish(generationId: string, view?: GenerationStatus): void;
  subscribe(generationId: string, listener: GenerationListener): () => void;
  stop(): Promise<void>;
};

const CHANNEL = 'clipsmith_generation_changed';
/** Ids per NOTIFY: PostgreSQL takes payloads under 8,000 bytes; an id is 36 characters and a comma. */
const IDS_PER_NOTIFY = 200;

export function createGenerationEvents(): GenerationEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(id, view) {
      emitter.emit(id, view);
    },
    subscribe(id, listener) {
      emitter.on(id, listener);
      return () => emitter.off(id, listener);
    },
    async stop() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Local events plus a LISTEN/NOTIFY channel on its own connection. The changes of one moment go out
 * together in one NOTIFY (a burst of jobs is one statement, not one per change), after the local
 * listeners have been told; a process ignores its own notifications.
 */
export async function createPostgresGenerationEvents(opts: {
  url: string;
  logger: Logger;
}): Promise<GenerationEvents> {
  const local = createGenerationEvents();
  let channel: pg.Client | undefined = new pg.Client({ connectionString: opts.url });
  const lost = (err?: Error) => {
    if (!channel) return;
    channel = undefined;
    opts.logger.warn(
      { err },
      'generation events: channel to other processes lost; their changes reach streams by the 2 s re-read',
    );
  };
  channel.on('error', lost);
  channel.on('end', () => lost());
  // The server process behind our connection: what we sent ourselves comes back from it.
  let ownBackend: number | undefined;
  channel.on('notification', (message) => {
    // Our own changes were told to our listeners already, with their views.
    if (message.processId === ownBackend || !message.payload) return;
    for (const id of message.payload.split(',')) local.publish(id);
  });
  await channel.connect();
  const [backend] = (await channel.query<{ pid: number }>('select pg_backend_pid() as pid')).rows;
  ownBackend = backend.pid;
  await channel.query(`listen ${CHANNEL}`);

  let changed = new Set<string>();
  let sending: Promise<unknown> = Promise.resolve();
  const flush = () => {
    const ids = [...changed];
    changed = new Set();
    const client = channel;
    if (!client) return;
    for (let i = 0; i < ids.length; i += IDS_PER_NOTIFY) {
      const payload = ids.slice(i, i + IDS_PER_NOTIFY).join(',');
      // One query at a time on this connection (pg deprecates overlapping ones).
      sending = sending
        .then(() => client.query('select pg_notify($1, $2)', [CHANNEL, payload]))
        .catch((err) => opts.logger.warn({ err }, 'generation events: could not tell other processes'));
    }
  };

  return {
    publish(id, view) {
      local.publish(id, view);
      if (!channel) return;
      if (changed.size === 0) setImmediate(flush);
      changed.add(id);
    },
    subscribe: local.subscribe,
    async stop() {
      flush();
      await sending;
      const client = channel;
      channel = undefined;
      await local.stop();
      await client?.end().catch(() => {});
    },
  };
}
