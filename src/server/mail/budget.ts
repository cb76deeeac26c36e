// One budget per recipient and kind of mail, counted in the outbox: nobody can flood a mailbox
// through the sign-up, sign-in or reset forms, however many client addresses they rotate through.
// The form's answer is the same whether the mail left or not (no address enumeration).
import { and, count, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import type { Mailer, MailKind, MailMessage } from './mailer';

const HOUR_MS = 60 * 60_000;

/** At most `limit` messages of a kind to one address within `windowMs`. */
export const MAIL_BUDGETS: Record<MailKind, { limit: number; windowMs: number }> = {
  'email-verification': { limit: 3, windowMs: HOUR_MS },
  'password-reset': { limit: 3, windowMs: HOUR_MS },
  // The owner of a taken address hears of sign-up attempts at most once an hour.
  'sign-up-attempt': { limit: 1, windowMs: HOUR_MS },
  // An owner's invitations and resends to one address (several teams may invite it).
  'team-invitation': { limit: 5, windowMs: HOUR_MS },
};

/**
 * A sender that records and sends a message only while its recipient's budget for that kind lasts;
 * it resolves to whether the message went. Sends to one recipient and kind are serialised in this
 * process, so a burst cannot slip past the count; across processes a burst may pass by at most one
 * message per process.
 */
export function createBudgetedSender(opts: { db: Database; mailer: Mailer; now?: () => Date }) {
  const now = opts.now ?? (() => new Date());
  const queues = new Map<string, Promise<unknown>>();

  const sendIfBudgetLeft = async (message: MailMessage): Promise<boolean> => {
    const { limit, windowMs } = MAIL_BUDGETS[message.kind];
    const [sent] = await opts.db
      .select({ n: count() })
      .from(outbox)
      .where(
        and(
          eq(outbox.to, message.to),
          eq(outbox.kind, message.kind),
          gt(outbox.createdAt, new Date(now().getTime() - windowMs)),
        ),
      );
    if (sent.n >= limit) return false;
    await opts.mailer.send(message);
    return true;
  };

  return (message: MailMessage): Promise<boolean> => {
    const key = `${message.kind}:${message.to}`;
    const previous = queues.get(key) ?? Promise.resolve();
    const mine = previous.catch(() => {}).then(() => sendIfBudgetLeft(message));
    queues.set(key, mine);
    // The last in the queue removes it, so the map holds only recipients with a send in flight.
    void mine
      .finally(() => {
        if (queues.get(key) === mine) queues.delete(key);
      })
      .catch(() => {});
    return mine;
  };
}
