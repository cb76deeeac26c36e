// The progress watcher behind /api/generations/:id/events: woken by local events, re-reading for
// changes made elsewhere, ending when the job settles or the reader leaves.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type GenerationStatus, generationRequestSchema } from '../../src/core/api';
import { generations } from '../../src/server/db/schema';
import type { GenerationEvents } from '../../src/server/generation/events';
import { watchGeneration } from '../../src/server/generation/progress';
import { createGeneration } from '../../src/server/generation/service';
import type { JobRunner } from '../../src/server/jobs/runner';
import { createTestApp, signUp, type TestApp } from '../helpers/app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

// The job is written but never run, so each test moves it by hand.
const heldJobs: JobRunner = {
  add: async () => {},
  enqueue: () => {},
  idle: async () => {},
  stop: async () => {},
  check: async () => ({}),
};

/** The app's events, counting who listens, so a test can see the watcher let go. */
function countingEvents(inner: GenerationEvents) {
  let listeners = 0;
  const events: GenerationEvents = {
    publish: (id, view) => inner.publish(id, view),
    stop: () => inner.stop(),
    subscribe(id, listener) {
      listeners++;
      const off = inner.subscribe(id, listener);
      return () => {
        listeners--;
        off();
      };
    },
  };
  return { events, listeners: () => listeners };
}

async function setup() {
  t = await createTestApp({ overrides: { background: false } });
  const { user } = await signUp(t);
  const { id } = await createGeneration(
    { ...t.deps, db: t.deps.database.db, jobs: heldJobs },
    { userId: user.id, request: generationRequestSchema.parse({ prompt: 'a lighthouse' }) },
  );
  return { app: t, userId: user.id, id };
}

async function move(app: TestApp, id: string, set: Partial<typeof generations.$inferInsert>) {
  await app.deps.database.db.update(generations).set(set).where(eq(generations.id, id));
}

/** The next view, or 'timeout' when none comes within `ms`. */
async function nextWithin(it: AsyncIterator<GenerationStatus>, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    return await Promise.race([it.next(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe('watchGeneration', () => {
  it("refuses another member's generation and an unknown id with 404, before any stream", async () => {
    const { app, id } = await setup();
    const other = await signUp(app);
    const signal = new AbortController().signal;
    const deps = { db: app.deps.database.db, events: app.deps.events };
    await expect(watchGeneration(deps, { id, userId: other.user.id, signal })).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      watchGeneration(deps, { id: crypto.randomUUID(), userId: other.user.id, signal }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('a local event brings the change at once, without waiting for the poll', async () => {
    const { app, userId, id } = await setup();
    const progress = await watchGeneration(
      { db: app.deps.database.db, events: app.deps.events },
      { id, userId, signal: new AbortController().signal, pollMs: 60_000 },
    );
    const views = progress[Symbol.asyncIterator]();
    expect((await views.next()).value).toMatchObject({ id, status: 'queued' });

    await move(app, id, { status: 'running', phase: 'generating' });
    app.deps.events.publish(id);
    const running = await nextWithin(views, 5_000);
    expect(running).not.toBe('timeout');
    expect(running).toMatchObject({ value: { status: 'running', phase: 'generating' } });

    await move(app, id, { status: 'failed', phase: null, error: 'The model declined.' });
    app.deps.events.publish(id);
    expect(await nextWithin(views, 5_000)).toMatchObject({
      value: { status: 'failed', error: 'The model declined.', cost: 0 },
    });
    // A settled job ends the stream.
    expect(await nextWithin(views, 5_000)).toMatchObject({ done: true });
  });

  it('a view that comes with the event is shown as it came, without reading the row', async () => {
    const { app, userId, id } = await setup();
    const progress = await watchGeneration(
      { db: app.deps.database.db, events: app.deps.events },
      { id, userId, signal: new AbortController().signal, pollMs: 60_000 },
    );
    const views = progress[Symbol.asyncIterator]();
    expect((await views.next()).value).toMatchObject({ status: 'queued' });
    // The row still says queued: only the pushed view can bring 'checking'.
    app.deps.events.publish(id, { id, status: 'running', phase: 'checking', attempts: 1, cost: 0 });
    expect(await nextWithin(views, 5_000)).toMatchObject({ value: { status: 'running', phase: 'checking' } });
    // An event without a view is read from the row.
    app.deps.events.publish(id);
    expect(await nextWithin(views, 5_000)).toMatchObject({ value: { status: 'queued' } });
  });

  it('a change made between subscribing and the first read is not missed', async () => {
    const { app, userId, id } = await setup();
    // The change lands while the watcher reads the row for the first time.
    const slowRead = countingEvents(app.deps.events);
    const subscribe = slowRead.events.subscribe;
    slowRead.events.subscribe = (gid, listener) => {
      const off = subscribe(gid, listener);
      void move(app, id, { status: 'running', phase: 'generating' }).then(() => app.deps.events.publish(id));
      return off;
    };
    const progress = await watchGeneration(
      { db: app.deps.database.db, events: slowRead.events },
      { id, userId, signal: new AbortController().signal, pollMs: 60_000 },
    );
    const views = progress[Symbol.asyncIterator]();
    const seen = [(await views.next()).value];
    if (seen[0].status === 'queued') {
      const next = await nextWithin(views, 5_000);
      expect(next).not.toBe('timeout');
      seen.push((next as IteratorResult<GenerationStatus>).value);
    }
    expect(seen.at(-1)).toMatchObject({ status: 'running', phase: 'generating' });
  });

  it('a change made by another process (no local event) arrives by the re-read', async () => {
    const { app, userId, id } = await setup();
    const progress = await watchGeneration(
      { db: app.deps.database.db, events: app.deps.events },
      { id, userId, signal: new AbortController().signal, pollMs: 50 },
    );
    const views = progress[Symbol.asyncIterator]();
    await views.next();
    await move(app, id, { status: 'running', phase: 'checking' });
    expect(await nextWithin(views, 5_000)).toMatchObject({ value: { status: 'running', phase: 'checking' } });
  });

  it('sends a view only when it changed', async () => {
    const { app, userId, id } = await setup();
    const abort = new AbortController();
    const progress = await watchGeneration(
      { db: app.deps.database.db, events: app.deps.events },
      { id, userId, signal: abort.signal, pollMs: 20 },
    );
    const views = progress[Symbol.asyncIterator]();
    await views.next();
    app.deps.events.publish(id);
    // Several re-reads of the same row happen here, none of them sent.
    expect(await nextWithin(views, 300)).toBe('timeout');
    abort.abort();
    expect(await views.next()).toMatchObject({ done: true });
  });

  it('ends and stops listening when the reader leaves', async () => {
    const { app, userId, id } = await setup();
    const counted = countingEvents(app.deps.events);
    const abort = new AbortController();
    const progress = await watchGeneration(
      { db: app.deps.database.db, events: counted.events },
      { id, userId, signal: abort.signal, pollMs: 60_000 },
    );
    const views = progress[Symbol.asyncIterator]();
    await views.next();
    expect(counted.listeners()).toBe(1);
    const waiting = views.next();
    abort.abort();
    // Abort wakes the watcher from its 60 s wait at once.
    expect(
      await Promise.race([waiting, new Promise((r) => setTimeout(() => r('timeout'), 5_000))]),
    ).toMatchObject({ done: true });
    expect(counted.listeners()).toBe(0);
  });
});
