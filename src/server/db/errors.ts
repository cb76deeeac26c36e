/** True when a database error (possibly wrapped by drizzle) is a unique-constraint violation. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const candidate = e as { code?: string; constraint?: string; message?: string; cause?: unknown };
    if (candidate.code === '23505') {
      return (
        !constraint || candidate.constraint === constraint || Boolean(candidate.message?.includes(constraint))
      );
    }
    e = candidate.cause;
  }
  return false;
}

/** Seconds a client is asked to wait after a 503 for a busy database. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * True when no database connection could be had in time: every pooled connection stayed busy for
 * the pool's whole wait (or a new one took as long to open). The database is busy, not broken: the
 * request can be tried again, and nothing it would have written was written.
 */
export function isDatabaseBusy(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      (message === 'timeout exceeded when trying to connect' ||
        message === 'Connection terminated due to connection timeout')
    )
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
