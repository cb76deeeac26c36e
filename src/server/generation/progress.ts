// Following one generation until it settles, for the progress stream. A local event wakes the
// watcher at once (with the new view when the writer had it, so nothing is read again); a re-read
// every POLL_MS also catches changes made by another process (a worker).
import type { GenerationStatus } from '../../core/api';
import type { Database } from '../db/client';
import { notFound } from '../http/errors';
import type { GenerationEvents } from './events';
import { findGenerationView } from './service';

export const POLL_MS = 2000;

/** What arrived since the watcher last looked: a view to show, or a change it must read. */
type Inbox = { view?: GenerationStatus; mustRead: boolean; wake?: () => void };

/**
 * Checks the member owns the generation (404 otherwise, before anything is streamed), then returns
 * its views: the current one, then each one that differs from the last, ending after `succeeded` or
 * `failed`, when the job disappears, or when `signal` aborts.
 */
export async function watchGeneration(
  deps: { db: Database; events: GenerationEvents },
  opts: { id: string; userId: string; signal: AbortSignal; pollMs?: number },
): Promise<AsyncIterable<GenerationStatus>> {
  // Listening starts before the first read, so a change made during that read is not missed and
  // no second read is needed to be sure of it.
  const inbox: Inbox = { mustRead: false };
  const unsubscribe = deps.events.subscribe(opts.id, (view) => {
    if (view) inbox.view = view;
    else inbox.mustRead = true;
    inbox.wake?.();
  });
  try {
    const first = await findGenerationView(deps.db, opts.id);
    if (!first || first.userId !== opts.userId) throw notFound('Generation not found');
    // A view pushed during the read is at least as new as what the read saw.
    const view = inbox.view ?? first.status;
    inbox.view = undefined;
    return follow(deps, opts, view, inbox, unsubscribe);
  } catch (error) {
    unsubscribe();
    throw error;
  }
}

async function* follow(
  deps: { db: Database },
  opts: { id: string; signal: AbortSignal; pollMs?: number },
  first: GenerationStatus,
  inbox: Inbox,
  unsubscribe: () => void,
): AsyncGenerator<GenerationStatus> {
  const pollMs = opts.pollMs ?? POLL_MS;
  const onAbort = () => inbox.wake?.();
  opts.signal.addEventListener('abort', onAbort);
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
      if (!inbox.mustRead && !inbox.view) {
        const polled = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(true), pollMs);
          inbox.wake = () => {
            clearTimeout(timer);
            resolve(false);
          };
        });
        inbox.wake = undefined;
        if (polled) inbox.mustRead = true;
      }
      if (opts.signal.aborted) return;
      if (inbox.mustRead) {
        inbox.mustRead = false;
        inbox.view = undefined;
        const next = await findGenerationView(deps.db, opts.id);
        if (!next) return;
        view = next.status;
        // Pushed during the read: at least as new as the row the read saw.
        if (inbox.view && !inbox.mustRead) view = inbox.view;
        inbox.view = undefined;
      } else if (inbox.view) {
        view = inbox.view;
        inbox.view = undefined;
      }
    }
  } finally {
    unsubscribe();
    opts.signal.removeEventListener('abort', onAbort);
  }
}
