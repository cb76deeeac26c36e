// Sign-up hashes the password before its database transaction opens. Hashing (scrypt, tens of
// milliseconds on the thread pool, far more on a busy machine) inside the transaction held a pooled
// connection for all that time, so a burst of sign-ups used up the pool and the rest timed out.
import { AsyncLocalStorage } from 'node:async_hooks';
import { hashPassword } from 'better-auth/crypto';

const ready = new AsyncLocalStorage<{ password: string; hash: string }>();

/** Hashes `password`, then runs fn; a hash Better Auth asks for within fn is that one. */
export async function withPasswordHashed<T>(password: string, fn: () => Promise<T>): Promise<T> {
  const hash = await hashPassword(password);
  return ready.run({ password, hash }, fn);
}

/**
 * Better Auth's password hash: the one made ahead by withPasswordHashed for this password, or a
 * new one (password reset and change hash as they go; they hold no transaction meanwhile).
 */
export function hashPasswordOnce(password: string): Promise<string> {
  const made = ready.getStore();
  if (made && made.password === password) return Promise.resolve(made.hash);
  return hashPassword(password);
}
