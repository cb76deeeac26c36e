// The low-priority process's entry (see low-priority.ts). Its priority is lowered before sharp
// loads. On Linux a nice value belongs to each thread: every thread that exists now (the libuv
// threads that loaded this code among them) is lowered one by one, and the libvips threads that
// sharp starts later inherit it from them.
import { readdirSync } from 'node:fs';
import os from 'node:os';
import type { EncodeReply, EncodeTask } from './low-priority';

const LOWEST = os.constants.priority.PRIORITY_LOW;
try {
  os.setPriority(LOWEST);
  for (const thread of readdirSync('/proc/self/task')) os.setPriority(Number(thread), LOWEST);
} catch {
  // No /proc (not Linux: the call above covered the process) or not allowed: the work still runs.
}
const { encodeThumbnail } = await import('./thumbnail-image');

process.on('message', (task: EncodeTask) => {
  encodeThumbnail(task.png).then(
    (webp) => process.send?.({ id: task.id, ok: true, webp } satisfies EncodeReply),
    (error: unknown) =>
      process.send?.({
        id: task.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      } satisfies EncodeReply),
  );
});
// The server went away: nothing is left to do for it.
process.on('disconnect', () => process.exit(0));
