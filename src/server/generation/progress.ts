// Following one generation until it settles, for the progress stream. A local event wakes the
// watcher at once; a re-read every POLL_MS also catches changes made by another process (a worker).
import type { GenerationStatus } from '../../core/api';
import type { Database } from '../db/client';
import { notFound } from '../http/errors';
import type { GenerationEvents } from './events';
import { findGenerationView } from './service';

export const POLL_MS = 2000;

/**
 * Checks the member owns the generation (404 otherwise, before anything is streamed), then returns
 * its views: the current one, then each one that differs from the last, ending after `succeeded` or
 * `failed`, when the job disappears, or when `signal` aborts.
 */
export async function watchGeneration(
  deps: { db: Database; events: GenerationEvents },
  opts: { id: string; userId: string; signal: AbortSignal; pollMs?: number },
): Promise<AsyncIterable<GenerationStatus>> {
  const first = await findGenerationView(deps.db, opts.id);
  if (!first || first.userId !== opts.userId) throw notFound('Generation not found');
  return follow(deps, opts, first.status);
}

async function* follow(
  deps: { db: Database; events: GenerationEvents },
  opts: { id: string; signal: AbortSignal; pollMs?: number },
  first: GenerationStatus,
): AsyncGenerator<GenerationStatus> {
  const pollMs = opts.pollMs ?? POLL_MS;
  // `changed` keeps an event that arrives while the row is being re-read, so it is not missed. It
  // starts true: the first view was read before subscribing, so it is read once more at once.
  let changed = true;
  let wake: (() => void) | undefined;
  const onChange = () => {
    changed = true;
    wake?.();
  };
  const unsubscribe = deps.events.subscribe(opts.id, onChange);
  opts.signal.addEventListener('abort', onChange);
  try {
    let view = first;
    let last = '';
    while (!opts.signal.aborted) {
      const data = JSON.stringify(view);
      if (data !== last) {
        last = data;
        yield view;
      }
      if (view.status === 'succeeded' || view.status === 'failed') return;
      if (!changed) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
      changed = false;
      if (opts.signal.aborted) return;
      const next = await findGenerationView(deps.db, opts.id);
      if (!next) return;
      view = next.status;
    }
  } finally {
    unsubscribe();
    opts.signal.removeEventListener('abort', onChange);
  }
}
