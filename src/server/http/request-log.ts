import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../logger';

export type RequestVars = { requestId: string; log: Logger };

/** A request id per request (kept from a sane X-Request-Id header), a child logger, one line per response. */
export function requestLog(logger: Logger): MiddlewareHandler<{ Variables: RequestVars }> {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    const log = logger.child({ reqId: requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    const started = performance.now();
    await next();
    c.header('X-Request-Id', requestId);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const status = c.res.status;
    const line = { method: c.req.method, path: c.req.path, status, ms };
    if (status >= 500) log.error(line, 'request failed');
    else log.info(line, 'request');
  };
}
