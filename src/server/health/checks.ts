// What /api/health and /api/ready report. A feature contributes a named check; runtime.ts builds
// the one list both routes read, so adding a status never means editing the routes.
import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../db/client';
import type { JobRunner } from '../jobs/runner';
import { IMAGES_PREFIX, type Storage } from '../storage/storage';

/** `warn`: works, but an operator should look (a model nearing shutdown). `error`: broken. */
export type CheckStatus = 'ok' | 'warn' | 'error';

/** A check's answer: its status, an optional line for the operator, and any small JSON details. */
export type CheckReport = { status: CheckStatus; message?: string } & Record<string, unknown>;

export type HealthCheck = {
  /** Key in the JSON answer, e.g. `database`, `mail`, `openaiModels`. */
  name: string;
  /**
   * `status`: cheap (memory only, no I/O); shown by /api/health and /api/ready alike.
   * `probe`: a real round trip (database, storage, queue); run by /api/ready only.
   */
  kind: 'status' | 'probe';
  /**
   * When true, an `error` answer makes /api/ready say 503: this process cannot do its work. When
   * false, the answer is only reported (a retired model must not take every server out of the
   * load balancer). Probes are critical by default, statuses are not.
   */
  critical?: boolean;
  /** Throwing counts as `error` with the thrown message. */
  run(): Promise<CheckReport> | CheckReport;
};

export type HealthChecks = HealthCheck[];

export const CHECK_TIMEOUT_MS = 2000;

export function isCritical(check: HealthCheck): boolean {
  return check.critical ?? check.kind === 'probe';
}

/** Runs checks side by side, each bounded by a timeout; never throws. */
export async function runChecks(
  checks: HealthCheck[],
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<Record<string, CheckReport>> {
  const reports = await Promise.all(checks.map((check) => runOne(check, timeoutMs)));
  return Object.fromEntries(checks.map((check, i) => [check.name, reports[i]]));
}

async function runOne(check: HealthCheck, timeoutMs: number): Promise<CheckReport> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const report = await Promise.race([
      Promise.resolve().then(() => check.run()),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return check.kind === 'probe' ? { ...report, ms: Math.round(performance.now() - started) } : report;
  } catch (error) {
    return { status: 'error', message: (error as Error)?.message ?? String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** The database answers a query. */
export function databaseProbe(database: DatabaseHandle): HealthCheck {
  return {
    name: 'database',
    kind: 'probe',
    async run() {
      await database.ping();
      return { status: 'ok' };
    },
  };
}

/**
 * The image storage takes a tiny object, gives the same bytes back and deletes it. Inside the
 * images prefix: a least-privilege bucket policy grants the app that prefix and nothing else.
 */
export function storageProbe(storage: Storage): HealthCheck {
  return {
    name: 'storage',
    kind: 'probe',
    async run() {
      const prefix = `${IMAGES_PREFIX}readiness-${randomUUID()}/`;
      const bytes = Buffer.from(`clipsmith readiness ${new Date().toISOString()}`);
      try {
        await storage.put(`${prefix}probe.txt`, bytes, 'text/plain');
        const back = await storage.get(`${prefix}probe.txt`);
        if (!back?.bytes.equals(bytes)) throw new Error('an object written was not read back');
      } finally {
        await storage.deletePrefix(prefix);
      }
      return { status: 'ok', kind: storage.kind };
    },
  };
}

/** The job queue accepts work (pg-boss reachable and its queue present; the runner not stopped). */
export function queueProbe(jobs: JobRunner): HealthCheck {
  return {
    name: 'queue',
    kind: 'probe',
    async run() {
      return { status: 'ok', ...(await jobs.check()) };
    },
  };
}
