// On PostgreSQL a job may run in another process than the progress stream that follows it: a change
// made in one process wakes the other's streams at once (LISTEN/NOTIFY), instead of at the next
// 2 s re-read. Runs when TEST_DATABASE_URL is set (CI sets it).
import { afterEach, describe, expect, it } from 'vitest';
import type { GenerationStatus } from '../../src/core/api';
import { createPostgresGenerationEvents, type GenerationEvents } from '../../src/server/generation/events';
import { silentLogger } from '../../src/server/logger';
import { createTestDatabase } from '../helpers/postgres';

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)('generation events across processes (PostgreSQL)', () => {
  let fresh: { url: string; drop(): Promise<void> } | undefined;
  const opened: GenerationEvents[] = [];
  afterEach(async () => {
    for (const events of opened.splice(0)) await events.stop();
    await fresh?.drop();
  });

  /** Two processes' events on one database (each has its own connection, as a process would). */
  async function twoProcesses() {
    fresh = await createTestDatabase(baseUrl!);
    const web = await createPostgresGenerationEvents({ url: fresh.url, logger: silentLogger });
    const worker = await createPostgresGenerationEvents({ url: fresh.url, logger: silentLogger });
    opened.push(web, worker);
    return { web, worker };
  }

  /** Everything a listener heard, and a promise for the next thing. */
  function listen(events: GenerationEvents, id: string) {
    const heard: Array<GenerationStatus | undefined> = [];
    let next: (() => void) | undefined;
    events.subscribe(id, (view) => {
      heard.push(view);
      next?.();
    });
    return {
      heard,
      nextWithin: (ms: number) =>
        new Promise<'heard' | 'timeout'>((resolve) => {
          const timer = setTimeout(() => resolve('timeout'), ms);
          next = () => {
            clearTimeout(timer);
            resolve('heard');
          };
        }),
    };
  }

  it("a worker's change wakes the web process's listener for that job, and only that job's", async () => {
    const { web, worker } = await twoProcesses();
    const job = crypto.randomUUID();
    const other = crypto.randomUUID();
    const onJob = listen(web, job);
    const onOther = listen(web, other);
    const view: GenerationStatus = { id: job, status: 'running', phase: 'generating', attempts: 1, cost: 0 };
    const heard = onJob.nextWithin(5_000);
    worker.publish(job, view);
    expect(await heard).toBe('heard');
    // Across processes only the id travels: the listener reads the row itself.
    expect(onJob.heard).toEqual([undefined]);
    expect(onOther.heard).toEqual([]);
  });

  it('a burst of changes reaches the other process, every job of it', async () => {
    const { web, worker } = await twoProcesses();
    const jobs = Array.from({ length: 250 }, () => crypto.randomUUID());
    const listeners = jobs.map((id) => listen(web, id));
    const all = Promise.all(listeners.map((l) => l.nextWithin(10_000)));
    for (const id of jobs) worker.publish(id);
    expect(new Set(await all)).toEqual(new Set(['heard']));
  });

  it('a process hears its own change once, with its view, not again from the database', async () => {
    const { web } = await twoProcesses();
    const job = crypto.randomUUID();
    const onJob = listen(web, job);
    const view: GenerationStatus = { id: job, status: 'queued', attempts: 0, cost: 0 };
    web.publish(job, view);
    expect(onJob.heard).toEqual([view]);
    // Long enough for its own NOTIFY to come back, were it not ignored.
    expect(await onJob.nextWithin(500)).toBe('timeout');
    expect(onJob.heard).toEqual([view]);
  });
});
