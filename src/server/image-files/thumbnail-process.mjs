// The low-priority process's entry (see low-priority.ts). Plain JavaScript, so the process loads no
// TypeScript compiler: only sharp. How to encode comes with each task (thumbnail-image.ts defines it).
//
// Its priority is lowered before sharp loads. On Linux a nice value belongs to each thread: every
// thread that exists now is lowered one by one, and the libuv and libvips threads that do the work
// are created later, inheriting it.
import { readdirSync } from 'node:fs';
import os from 'node:os';

const LOWEST = os.constants.priority.PRIORITY_LOW;
try {
  os.setPriority(LOWEST);
  for (const thread of readdirSync('/proc/self/task')) os.setPriority(Number(thread), LOWEST);
} catch {
  // No /proc (not Linux: the call above covered the process) or not allowed: the work still runs.
}
const { default: sharp } = await import('sharp');
// One picture at a time, nothing kept between them: this process should hold little memory.
sharp.cache(false);
sharp.concurrency(1);

/** @param {{ id: number; file: string; encoding: { size: number; webp: import('sharp').WebpOptions } }} task */
function encode(task) {
  const { size, webp } = task.encoding;
  sharp(task.file)
    .resize(size, size)
    .webp(webp)
    .toBuffer()
    .then(
      (bytes) => process.send?.({ id: task.id, ok: true, webp: bytes }),
      (error) =>
        process.send?.({
          id: task.id,
          ok: false,
          message: error instanceof Error ? error.message : String(error),
        }),
    );
}

process.on('message', encode);
// The server went away: nothing is left to do for it.
process.on('disconnect', () => process.exit(0));
