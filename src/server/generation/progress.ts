// Following generations until they settle, for the progress streams. One watch per job serves
// every stream of that job: a local event wakes it at once (with the new view when the writer had
// it, so nothing is read again), an event without a view is one read for all its streams, and one
// re-read every POLL_MS, of every job watched in this process in one query, catches changes made
// by another process (a worker). A member holds at most STREAMS_PER_MEMBER streams here; a new one
// closes their oldest (issue 35: 4,000 streams of one member, each polling on its own, slowed every
// other member's requests).

import type { GenerationStatus } from '../../core/api';
import { notFound } from '../../core/domain-error';
import { isUuid } from '../../core/ids';
import type { Database } from '../db/client';
import type { GenerationEvents } from './events';
import { findGenerationViews, type GenerationViews } from './service';

export const POLL_MS = 2000;
/** Open progress streams per member and process; the app opens one per picture being made. */
export const STREAMS_PER_MEMBER = 10;
/** Ids per re-read query. */
const IDS_PER_READ = 500;

type Stream = {
  userId: string;
  jobId: string;
  /** The newest view not yet taken by the stream; null when the job is gone. */
  view?: GenerationStatus | null;
  wake?: () => void;
  closed: boolean;
};

type JobWatch = {
  streams: Set<Stream>;
  unsubscribe: () => void;
  /** Who owns the job and its newest view, as last read or pushed. */
  owner?: string;
  latest?: GenerationStatus;
  /** Counts pushed views: a read that saw one arrive meanwhile is older than it and is dropped. */
  pushed: number;
  reading: boolean;
  readAgain: boolean;
  /** The first read (its owner, for the check before any stream). */
  ready: Promise<void>;
};

export type ProgressStreams = {
  /**
   * Checks the member owns the generation (404 otherwise, before anything is streamed), then
   * returns its views: the current one, then each one that differs from the last, ending after
   * `succeeded` or `failed`, when the job disappears, when `signal` aborts, or when the member
   * opens more than STREAMS_PER_MEMBER streams (the oldest ends).
   */
  watch(opts: { id: string; userId: string; signal: AbortSignal }): Promise<AsyncIterable<GenerationStatus>>;
};

export function createProgressStreams(
  deps: {
    db: Database;
    events: GenerationEvents;
    /** Reads jobs' owners and views (the database by default; tests count the reads). */
    readViews?: (ids: string[]) => Promise<GenerationViews>;
  },
  opts: { pollMs?: number; perMember?: number } = {},
): ProgressStreams {
  const pollMs = opts.pollMs ?? POLL_MS;
  const perMember = opts.perMember ?? STREAMS_PER_MEMBER;
  const readViews = deps.readViews ?? ((ids: string[]) => findGenerationViews(deps.db, ids));
  const jobs = new Map<string, JobWatch>();
  const members = new Map<string, Stream[]>();
  let poll: NodeJS.Timeout | undefined;
  let polling = false;

  const deliver = (job: JobWatch, view: GenerationStatus | null) => {
    for (const stream of job.streams) {
      stream.view = view;
      stream.wake?.();
    }
  };

  /** One read for many jobs; each job's streams get its view unless a newer one was pushed meanwhile. */
  const read = async (ids: string[]) => {
    const pushedBefore = ids.map((id) => jobs.get(id)?.pushed);
    const views = await readViews(ids);
    ids.forEach((id, n) => {
      const job = jobs.get(id);
      if (!job) return;
      const found = views.get(id);
      job.owner = found?.userId;
      if (job.pushed !== pushedBefore[n]) return;
      job.latest = found?.status;
      deliver(job, found?.status ?? null);
    });
  };

  /** Reads one job for all its streams; a request during a read makes one more read after it. */
  const readJob = (id: string, job: JobWatch): Promise<void> => {
    if (job.reading) {
      job.readAgain = true;
      return Promise.resolve();
    }
    job.reading = true;
    return read([id]).finally(() => {
      job.reading = false;
      if (job.readAgain && jobs.get(id) === job) {
        job.readAgain = false;
        void readJob(id, job).catch(() => {});
      }
    });
  };

  const pollAll = async () => {
    if (polling) return;
    polling = true;
    try {
      const ids = [...jobs.keys()];
      for (let i = 0; i < ids.length; i += IDS_PER_READ) await read(ids.slice(i, i + IDS_PER_READ));
    } catch {
      // The next poll tries again; streams keep their last view meanwhile.
    } finally {
      polling = false;
    }
  };

  const watchJob = (id: string): JobWatch => {
    const existing = jobs.get(id);
    if (existing) return existing;
    const job: JobWatch = {
      streams: new Set(),
      unsubscribe: () => {},
      pushed: 0,
      reading: false,
      readAgain: false,
      ready: Promise.resolve(),
    };
    jobs.set(id, job);
    // Listening starts before the first read, so a change made during that read is not missed.
    job.unsubscribe = deps.events.subscribe(id, (view) => {
      if (!view) return void readJob(id, job).catch(() => {});
      job.pushed++;
      job.latest = view;
      deliver(job, view);
    });
    job.ready = readJob(id, job);
    if (!poll) {
      poll = setInterval(() => void pollAll(), pollMs);
      poll.unref();
    }
    return job;
  };

  const release = (stream: Stream) => {
    stream.closed = true;
    stream.wake?.();
    const job = jobs.get(stream.jobId);
    if (job?.streams.delete(stream) && job.streams.size === 0) {
      job.unsubscribe();
      jobs.delete(stream.jobId);
      if (jobs.size === 0) {
        clearInterval(poll);
        poll = undefined;
      }
    }
    const mine = members.get(stream.userId);
    const at = mine?.indexOf(stream) ?? -1;
    if (mine && at >= 0) {
      mine.splice(at, 1);
      if (mine.length === 0) members.delete(stream.userId);
    }
  };

  async function* follow(stream: Stream, first: GenerationStatus, signal: AbortSignal, onAbort: () => void) {
    try {
      let view: GenerationStatus | null | undefined = first;
      let last = '';
      while (!stream.closed && !signal.aborted) {
        if (view === null) return;
        if (view) {
          const data = JSON.stringify(view);
          if (data !== last) {
            last = data;
            yield view;
          }
          if (view.status === 'succeeded' || view.status === 'failed') return;
        }
        if (stream.view === undefined && !stream.closed) {
          await new Promise<void>((resolve) => {
            stream.wake = resolve;
          });
          stream.wake = undefined;
        }
        view = stream.view;
        stream.view = undefined;
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
      release(stream);
    }
  }

  return {
    async watch({ id, userId, signal }) {
      if (!isUuid(id)) throw notFound('Generation not found');
      const job = watchJob(id);
      const stream: Stream = { userId, jobId: id, closed: false };
      job.streams.add(stream);
      try {
        await job.ready;
        if (job.owner !== userId || !job.latest) throw notFound('Generation not found');
      } catch (error) {
        release(stream);
        throw error;
      }
      const first = job.latest;
      stream.view = undefined;
      const onAbort = () => release(stream);
      signal.addEventListener('abort', onAbort, { once: true });
      const mine = members.get(userId) ?? [];
      members.set(userId, mine);
      mine.push(stream);
      while (mine.length > perMember) release(mine[0]);
      return follow(stream, first, signal, onAbort);
    },
  };
}

/** One generation's views for one reader (tests; the app shares one set of streams per process). */
export function watchGeneration(
  deps: { db: Database; events: GenerationEvents },
  opts: { id: string; userId: string; signal: AbortSignal; pollMs?: number },
): Promise<AsyncIterable<GenerationStatus>> {
  return createProgressStreams(deps, { pollMs: opts.pollMs }).watch(opts);
}
