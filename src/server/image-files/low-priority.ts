// Background picture work (the grid thumbnail of every new picture, ~40 ms of a core each) in a
// child process at the lowest CPU priority, so it only uses CPU nobody else wants: on a busy
// machine the requests, the jobs people are waiting on and the database come first, and the
// thumbnails catch up in the gaps. One per server process, started on first use and stopped after a
// quiet spell, so an idle server holds no extra process; it also stops when the server does.
//
// The original goes over as a file, not through the IPC channel: sending 1 MB there cost ~3 ms of
// the event loop's CPU, a file write ~0.5 ms, most of it on a libuv thread.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { THUMBNAIL_ENCODING, type ThumbnailEncoding } from './thumbnail-image';

/** What thumbnail-process.mjs is sent (the PNG's file), and answers. */
export type EncodeTask = { id: number; file: string; encoding: ThumbnailEncoding };
export type EncodeReply =
  | { id: number; ok: true; webp: Uint8Array }
  | { id: number; ok: false; message: string };

export type LowPriorityEncoder = {
  /** The 512 px WebP thumbnail of a 1024 px PNG, made in the low-priority process. */
  thumbnail(png: Buffer): Promise<Buffer>;
  /** The process's id while it runs (operators and tests). */
  pid(): number | undefined;
  stop(): Promise<void>;
};

const ENTRY = fileURLToPath(new URL('./thumbnail-process.mjs', import.meta.url));

export function createLowPriorityEncoder(
  opts: {
    /** The process stops after this long without work (30 s). */
    idleExitMs?: number;
  } = {},
): LowPriorityEncoder {
  const idleExitMs = opts.idleExitMs ?? 30_000;
  // The originals waiting for the process, one file each, removed once it has answered.
  let folder: string | undefined;
  let child: ChildProcess | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (webp: Buffer) => void; reject: (error: Error) => void }>();
  let idleTimer: NodeJS.Timeout | undefined;

  const failPending = (error: Error) => {
    for (const task of pending.values()) task.reject(error);
    pending.clear();
  };

  // While nothing is pending the process must not keep the server alive, and it stops when idle.
  const settle = (current: ChildProcess) => {
    if (pending.size > 0) return;
    current.unref();
    current.channel?.unref();
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (child === current && pending.size === 0) {
        child = null;
        current.kill();
      }
    }, idleExitMs);
    idleTimer.unref();
  };

  const start = (): ChildProcess => {
    const started = fork(ENTRY, [], {
      // Not the server's flags (its TypeScript loader among them): the entry is plain JavaScript.
      execArgv: [],
      // Fewer malloc arenas: less memory held between pictures (~90 MB in all after the first ones).
      // biome-ignore lint/style/noProcessEnv: the child inherits this process's environment as it is, plus one setting.
      env: { ...process.env, MALLOC_ARENA_MAX: '2' },
      // Buffers cross as bytes, not as JSON arrays of numbers.
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    started.on('message', (reply: EncodeReply) => {
      const task = pending.get(reply.id);
      if (!task) return;
      pending.delete(reply.id);
      if (reply.ok)
        task.resolve(Buffer.from(reply.webp.buffer, reply.webp.byteOffset, reply.webp.byteLength));
      else task.reject(new Error(reply.message));
      settle(started);
    });
    started.on('error', (error) => {
      if (child === started) child = null;
      failPending(error);
    });
    started.on('exit', (code, signal) => {
      if (child !== started) return;
      child = null;
      failPending(new Error(`the low-priority image process stopped (${signal ?? `exit code ${code}`})`));
    });
    return started;
  };

  return {
    async thumbnail(png) {
      if (!folder) {
        const created = mkdtempSync(path.join(os.tmpdir(), 'clipsmith-thumbnails-'));
        process.once('exit', () => rmSync(created, { recursive: true, force: true }));
        folder = created;
      }
      const id = nextId++;
      const file = path.join(folder, `${id}.png`);
      await writeFile(file, png);
      try {
        return await new Promise<Buffer>((resolve, reject) => {
          child ??= start();
          clearTimeout(idleTimer);
          child.ref();
          child.channel?.ref();
          pending.set(id, { resolve, reject });
          child.send({ id, file, encoding: THUMBNAIL_ENCODING } satisfies EncodeTask, (error) => {
            if (!error || !pending.has(id)) return;
            pending.delete(id);
            reject(new Error(`the low-priority image process stopped (${error.message})`));
          });
        });
      } finally {
        await rm(file, { force: true });
      }
    },
    pid: () => child?.pid,
    async stop() {
      clearTimeout(idleTimer);
      const current = child;
      child = null;
      failPending(new Error('the low-priority image process was stopped'));
      if (folder) rmSync(folder, { recursive: true, force: true });
      folder = undefined;
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()));
      current.kill();
      await exited;
    },
  };
}

let shared: LowPriorityEncoder | undefined;

/** This process's low-priority image process (every thumbnail queue in it shares the one). */
export function lowPriorityEncoder(): LowPriorityEncoder {
  shared ??= createLowPriorityEncoder();
  return shared;
}
