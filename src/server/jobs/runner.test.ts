import { describe, expect, it } from 'vitest';
import { silentLogger } from '../logger';
import { createInProcessRunner, type JobHandler } from './runner';

/** A handler whose jobs each wait for the test: free their slot, then end. */
function heldJobs() {
  const started: string[] = [];
  const jobs = new Map<string, { freeSlot: () => void; end: () => void }>();
  const run: JobHandler = (id, { freeSlot }) =>
    new Promise<void>((end) => {
      started.push(id);
      jobs.set(id, { freeSlot, end });
    });
  return { run, started, job: (id: string) => jobs.get(id)! };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

/** A runner with `concurrency` slots and these jobs queued, once it has started what it can. */
async function runnerWith(concurrency: number, ids: string[]) {
  const held = heldJobs();
  const runner = createInProcessRunner({ concurrency, run: held.run, logger: silentLogger });
  for (const id of ids) runner.enqueue({ id, priority: 0 });
  await settle();
  return { runner, ...held };
}

describe('in-process job runner slots', () => {
  it('gives a job’s slot to the next job once it needs no more provider calls, and is idle only when both end', async () => {
    const { runner, started, job } = await runnerWith(1, ['a', 'b']);
    expect(started).toEqual(['a']);

    job('a').freeSlot();
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect(await runner.check()).toMatchObject({ running: 2, queued: 0 });

    let idle = false;
    void runner.idle().then(() => {
      idle = true;
    });
    job('b').end();
    await settle();
    expect(idle).toBe(false);
    job('a').end();
    await settle();
    expect(idle).toBe(true);
  });

  it('a job that keeps its slot holds the next one back until it ends', async () => {
    const { runner, started, job } = await runnerWith(1, ['a', 'b']);
    expect(started).toEqual(['a']);
    job('a').end();
    await settle();
    expect(started).toEqual(['a', 'b']);
    // Freeing a slot twice, or after the job ended, frees nothing more.
    job('a').freeSlot();
    runner.enqueue({ id: 'c', priority: 0 });
    await settle();
    expect(started).toEqual(['a', 'b']);
  });

  it('runs at most twice its slots at once, however fast jobs free them', async () => {
    const { runner, started, job } = await runnerWith(2, ['a', 'b', 'c', 'd', 'e', 'f']);
    for (let round = 0; round < 3; round++) {
      for (const id of [...started]) job(id).freeSlot();
      await settle();
    }
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    expect(await runner.check()).toMatchObject({ running: 4, queued: 2 });

    job('a').end();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('stop waits for a job that freed its slot and is still storing', async () => {
    const { runner, job } = await runnerWith(1, ['a']);
    job('a').freeSlot();
    let stopped = false;
    void runner.stop().then(() => {
      stopped = true;
    });
    await settle();
    expect(stopped).toBe(false);
    job('a').end();
    await settle();
    expect(stopped).toBe(true);
  });
});
