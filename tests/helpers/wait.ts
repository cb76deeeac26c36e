/** Polls `fn` until it returns something other than undefined; fails naming `what` after `ms`. */
export async function waitFor<T>(what: string, fn: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await fn();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Rate limits count in calendar minutes: waits until at least `ms` are left in the current one,
 * so that a test's count cannot roll over into the next window midway.
 */
export async function insideOneMinuteWindow(ms: number): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 60_000 - ms) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 200));
}
