// Liveness (/api/health: cheap, for "restart me?") and readiness (/api/ready: every part this
// process needs really works, for "send me traffic?"). Both list the checks features contribute.
import { Hono } from 'hono';
import type { DatabaseHandle } from '../db/client';
import { type CheckReport, databaseProbe, type HealthCheck, isCritical, runChecks } from './checks';

const NO_STORE = { 'Cache-Control': 'no-store' };

export function healthRoutes(opts: { database: DatabaseHandle; version: string; checks: HealthCheck[] }) {
  const database = databaseProbe(opts.database);

  return new Hono()
    .get('/health', async (c) => {
      // One trivial query and the in-memory statuses: nothing here writes or waits on a remote.
      const [ping, checks] = await Promise.all([
        runChecks([database]),
        runChecks(opts.checks.filter((check) => check.kind === 'status')),
      ]);
      const db = ping.database.status === 'ok';
      const degraded = !db || Object.values(checks).some((r) => r.status !== 'ok');
      const body = {
        status: degraded ? 'degraded' : 'ok',
        db: db ? 'ok' : 'down',
        version: opts.version,
        checks,
      };
      return c.json(body, db ? 200 : 503, NO_STORE);
    })
    .get('/ready', async (c) => {
      const checks = await runChecks(opts.checks);
      const failed = opts.checks
        .filter((check) => isCritical(check) && checks[check.name].status === 'error')
        .map((check) => check.name);
      const body = {
        status: failed.length > 0 ? 'not_ready' : 'ready',
        ...(failed.length > 0 ? { failed, message: notReadyMessage(failed, checks) } : {}),
        version: opts.version,
        checks,
      };
      return c.json(body, failed.length > 0 ? 503 : 200, NO_STORE);
    });
}

function notReadyMessage(failed: string[], checks: Record<string, CheckReport>): string {
  return failed.map((name) => `${name}: ${checks[name].message ?? 'failed'}`).join('; ');
}
