import { createAuthClient } from 'better-auth/react';

/**
 * Better Auth's browser client, same origin only. Imported lazily (sign-in, sign-up, password
 * reset and sign-out load it on demand) so the landing page does not pay for it.
 */
export const authClient = createAuthClient({ baseURL: window.location.origin });

type AuthClientError = {
  message?: string;
  status?: number;
  /** Our own front of Better Auth (rate limits, input checks) answers with `{ error: { code, message } }`. */
  error?: { code?: string; message?: string };
} | null;

/** Better Auth returns `{ data, error }` instead of throwing; this turns the error into a message. */
export function authErrorMessage(error: AuthClientError, fallback: string): string {
  if (!error) return fallback;
  return error.error?.message || error.message || fallback;
}
