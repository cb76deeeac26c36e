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
