// Thumbnails are made in a child process at the lowest CPU priority, so on a busy machine they only
// take CPU that requests, jobs and the database leave over; the process comes and goes with the work.
import { readdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { createLowPriorityEncoder, type LowPriorityEncoder } from '../../src/server/image-files/low-priority';
import { createThumbnailQueue, MAX_WAITING_THUMBNAILS } from '../../src/server/image-files/thumbnails';
import { silentLogger } from '../../src/server/logger';
import { imageKeys } from '../../src/server/storage/storage';
import { createTestApp, signUp, type TestApp } from '../helpers/app';

let encoder: LowPriorityEncoder | undefined;
let t: TestApp | undefined;
afterEach(async () => {
  await encoder?.stop();
  encoder = undefined;
  await t?.close();
  t = undefined;
});

const picture = () =>
  sharp({ create: { width: 1024, height: 1024, channels: 4, background: '#0ea5e9' } })
    .png()
    .toBuffer();

/** The nice value of every thread of a process (Linux). */
function threadNiceness(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    // Fields after "pid (comm) ": state is the 3rd field overall, nice the 19th.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(condition: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A thumbnail queue in a test app, encoding with `thumbnail` instead of the low-priority process. */
async function queueWith(thumbnail: LowPriorityEncoder['thumbnail']) {
  t = await createTestApp({ overrides: { background: false } });
  const queue = createThumbnailQueue({
    db: t.deps.database.db,
    storage: t.deps.storage,
    deletions: t.deps.deletions,
    logger: silentLogger,
    encoder: { thumbnail, pid: () => undefined, stop: async () => {} },
  });
  return { app: t, queue };
}

/** An encoder that holds every picture until `release`, counting those it started and finished. */
function heldEncoder() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const counts = { started: 0, finished: 0 };
  const thumbnail = async (png: Buffer) => {
    counts.started++;
    await gate;
    counts.finished++;
    return png;
  };
  return { thumbnail, release, counts };
}

describe('the low-priority image process', () => {
  it('makes the 512 px WebP thumbnail in another process whose every thread runs at the lowest priority', async () => {
    encoder = createLowPriorityEncoder();
    const webp = await encoder.thumbnail(await picture());
    const meta = await sharp(webp).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    const pid = encoder.pid();
    expect(pid).toBeDefined();
    expect(pid).not.toBe(process.pid);
    // The libvips threads that did the encoding included.
    const niceness = threadNiceness(pid!);
    expect(niceness.length).toBeGreaterThan(2);
    expect(new Set(niceness)).toEqual(new Set([19]));
  });

  it('stops after a quiet spell and starts again for the next picture', async () => {
    encoder = createLowPriorityEncoder({ idleExitMs: 200 });
    await encoder.thumbnail(await picture());
    const first = encoder.pid()!;
    await until(() => !alive(first));
    expect(encoder.pid()).toBeUndefined();
    await encoder.thumbnail(await picture());
    expect(encoder.pid()).toBeDefined();
    expect(encoder.pid()).not.toBe(first);
  });

  it('a process that dies fails only the work it had, with a clear error; the next picture starts a new one', async () => {
    encoder = createLowPriorityEncoder();
    await encoder.thumbnail(await picture());
    const pid = encoder.pid()!;
    const png = await picture();
    // Frozen, it cannot answer: the task is surely in its hands when it dies.
    process.kill(pid, 'SIGSTOP');
    const pending = encoder.thumbnail(png);
    await new Promise((r) => setTimeout(r, 300));
    process.kill(pid, 'SIGKILL');
    await expect(pending).rejects.toThrow(/low-priority image process stopped/);
    const webp = await encoder.thumbnail(png);
    expect((await sharp(webp).metadata()).width).toBe(512);
  });

  it('when the process cannot make it, the thumbnail queue still stores the thumbnail, made in process', async () => {
    const { app, queue } = await queueWith(async () => {
      throw new Error('the low-priority image process stopped (SIGKILL)');
    });
    const { user } = await signUp(app);
    const imageId = crypto.randomUUID();
    // A row for the image, or the queue would take it for deleted and clean up after itself.
    await app.deps.database.db.execute(
      (await import('drizzle-orm'))
        .sql`insert into generated_images (id, user_id, prompt, final_prompt, theme, quality, privacy, provider, model, width, height)
        values (${imageId}::uuid, ${user.id}, 'a kite', 'a kite', 'default', 'low', 'public', 'fake', 'fake-1', 1024, 1024)`,
    );
    queue.add(imageId, await picture());
    await queue.drain();
    const stored = await app.deps.storage.get(imageKeys.thumb(imageId));
    expect(stored?.contentType).toBe('image/webp');
  });

  it('holds at most MAX_WAITING_THUMBNAILS waiting pictures; the rest are made when a grid first asks', async () => {
    const held = heldEncoder();
    const { queue } = await queueWith(held.thumbnail);
    const png = Buffer.from('not decoded by the fake encoder');
    for (let i = 0; i < MAX_WAITING_THUMBNAILS + 5; i++) queue.add(crypto.randomUUID(), png);
    held.release();
    await queue.drain();
    expect(held.counts.finished).toBe(MAX_WAITING_THUMBNAILS);
    // Once the queue has room again it takes new pictures.
    queue.add(crypto.randomUUID(), png);
    await queue.drain();
    expect(held.counts.finished).toBe(MAX_WAITING_THUMBNAILS + 1);
  });

  it('on shutdown the thumbnail being made is finished and the waiting ones are left to their first request', async () => {
    const held = heldEncoder();
    const { queue } = await queueWith(held.thumbnail);
    const png = Buffer.from('not decoded by the fake encoder');
    for (let i = 0; i < 3; i++) queue.add(crypto.randomUUID(), png);
    await until(() => held.counts.started === 1);
    const stopping = queue.stop();
    held.release();
    await stopping;
    expect(held.counts).toEqual({ started: 1, finished: 1 });
    // Nothing new is taken after shutdown.
    queue.add(crypto.randomUUID(), png);
    await queue.drain();
    expect(held.counts.started).toBe(1);
  });
});
