// Shared steps of the account tests: raw rows, the dev outbox, reset links.
import type { SQL } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/client';
import type { TestApp } from './app';

export const rows = <T = Record<string, unknown>>(t: TestApp, query: SQL) =>
  queryRows<T>(t.deps.database.db, query);

export type OutboxMessage = { to: string; kind: string; subject: string; text: string; transport: string };

/**
 * Waits for the newest outbox message to `to` (mail is sent after the response): of `kind` if given,
 * once at least `count` such messages are there.
 */
export async function waitForMail(
  t: TestApp,
  to: string,
  { kind, count = 1 }: { kind?: string; count?: number } = {},
): Promise<OutboxMessage> {
  const end = Date.now() + 10_000;
  while (Date.now() < end) {
    const res = await t.request('/dev/mail.json');
    const { messages } = (await res.json()) as { messages: OutboxMessage[] };
    const mine = messages.filter((m) => m.to === to && (kind === undefined || m.kind === kind));
    if (mine.length >= count) return mine[0];
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no ${kind ?? ''} e-mail to ${to} in the outbox`);
}

/** The reset token from the link in an e-mail's text. */
export function resetToken(text: string): string {
  const match = text.match(/\/reset-password\?token=([^\s"<&]+)/);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return decodeURIComponent(match[1]);
}

export async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}
