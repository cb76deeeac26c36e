// The progress watcher behind /api/generations/:id/events: woken by local events, re-reading for
// changes made elsewhere, ending when the job settles or the reader leaves.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type GenerationStatus, generationRequestSchema } from '../../src/core/api';
import { generations } from '../../src/server/db/schema';
import type { GenerationEvents } from '../../src/server/generation/events';
import {
  createProgressStreams,
  STREAMS_PER_MEMBER,
  watchGeneration,
} from '../../src/server/generation/progress';
import { createGeneration, findGenerationViews } from '../../src/server/generation/service';
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
  status: () => ({ status: 'ok' }),
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
    // A not_found domain error, which the HTTP edge answers 404.
    await expect(watchGeneration(deps, { id, userId: other.user.id, signal })).rejects.toMatchObject({
      kind: 'not_found',
    });
    await expect(
      watchGeneration(deps, { id: crypto.randomUUID(), userId: other.user.id, signal }),
    ).rejects.toMatchObject({ kind: 'not_found' });
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

describe('progress streams in one process (issue 35)', () => {
  /** Reads of the database by the streams: how many, and of which jobs. */
  function countedReads(app: TestApp) {
    const reads: string[][] = [];
    const readViews = (ids: string[]) => {
      reads.push([...ids].sort());
      return findGenerationViews(app.deps.database.db, ids);
    };
    return { reads, readViews };
  }

  /** Two queued jobs of one member, and streams whose reads are counted. */
  async function twoJobs(opts: { pollMs: number; perMember?: number }) {
    const { app, userId, id } = await setup();
    const { id: second } = await createGeneration(
      { ...app.deps, db: app.deps.database.db, jobs: heldJobs },
      { userId, request: generationRequestSchema.parse({ prompt: 'a windmill' }) },
    );
    const counted = countedReads(app);
    const streams = createProgressStreams(
      { db: app.deps.database.db, events: app.deps.events, readViews: counted.readViews },
      opts,
    );
    return { app, userId, id, second, counted, streams };
  }

  it(`a member holds at most ${STREAMS_PER_MEMBER} streams: a new one closes their oldest, another member's stay`, async () => {
    const { app, userId, id } = await setup();
    const other = await signUp(app);
    const { id: theirs } = await createGeneration(
      { ...app.deps, db: app.deps.database.db, jobs: heldJobs },
      { userId: other.user.id, request: generationRequestSchema.parse({ prompt: 'a tugboat' }) },
    );
    const streams = createProgressStreams(
      { db: app.deps.database.db, events: app.deps.events },
      { pollMs: 60_000 },
    );
    const open = async (member: string, job: string) => {
      const views = (await streams.watch({ id: job, userId: member, signal: new AbortController().signal }))[
        Symbol.asyncIterator
      ]();
      expect((await views.next()).value).toMatchObject({ status: 'queued' });
      return views;
    };
    const otherStream = await open(other.user.id, theirs);
    const mine = [];
    for (let n = 0; n < STREAMS_PER_MEMBER; n++) mine.push(await open(userId, id));
    // Up to the limit, every stream stays open: none ends (nor sends) meanwhile.
    const pending = mine.map((views) => views.next());
    const settled = await Promise.race([
      Promise.any(pending).then(() => 'settled'),
      new Promise((r) => setTimeout(() => r('open'), 200)),
    ]);
    expect(settled).toBe('open');

    const newest = await open(userId, id);
    expect(
      await Promise.race([pending[0], new Promise((r) => setTimeout(() => r('timeout'), 5_000))]),
    ).toMatchObject({ done: true });
    // The others, the newest and the other member's still follow their job.
    const otherNext = otherStream.next();
    await move(app, id, { status: 'running', phase: 'generating' });
    await move(app, theirs, { status: 'running', phase: 'generating' });
    app.deps.events.publish(id);
    app.deps.events.publish(theirs);
    for (const next of [...pending.slice(1), newest.next(), otherNext])
      expect(await next).toMatchObject({ value: { status: 'running' } });
  });

  it('streams of one job share its reads: one read for an event, one query per poll for every job', async () => {
    const { app, userId, id, second, counted, streams } = await twoJobs({ pollMs: 60_000, perMember: 20 });
    const all = [];
    for (const job of [id, id, id, id, id, id, id, id, second, second]) {
      const views = (await streams.watch({ id: job, userId, signal: new AbortController().signal }))[
        Symbol.asyncIterator
      ]();
      await views.next();
      all.push(views);
    }
    // Eight streams of one job and two of another: one first read per job.
    expect(counted.reads).toEqual([[id], [second]]);

    counted.reads.length = 0;
    await move(app, id, { status: 'running', phase: 'generating' });
    app.deps.events.publish(id);
    for (const views of all.slice(0, 8))
      expect(await nextWithin(views, 5_000)).toMatchObject({ value: { status: 'running' } });
    expect(counted.reads).toEqual([[id]]);
  });

  it('the re-read every poll is one query for all the jobs followed', async () => {
    const { app, userId, id, second, counted, streams } = await twoJobs({ pollMs: 50 });
    const follow = async (job: string) =>
      (await streams.watch({ id: job, userId, signal: new AbortController().signal }))[
        Symbol.asyncIterator
      ]();
    const views = [await follow(id), await follow(id), await follow(second), await follow(second)];
    for (const v of views) await v.next();
    counted.reads.length = 0;
    // Changed by another process: no event, only the poll brings it.
    await move(app, second, { status: 'running', phase: 'checking' });
    for (const v of views.slice(2))
      expect(await nextWithin(v, 5_000)).toMatchObject({ value: { status: 'running', phase: 'checking' } });
    expect(counted.reads.length).toBeGreaterThan(0);
    for (const read of counted.reads) expect(read).toEqual([id, second].sort());
  });
});
