// Mail is personal data (an address, often a name): the outbox keeps it only as long as it helps
// someone (the operator seeing a failure, a developer reading /dev/mail), then it goes.
import { and, eq, isNotNull, lt, or } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import { outbox } from '../db/schema';

/** Delivered or given-up mail (and the embedded outbox's) is kept this long; the Privacy page says so. */
export const SENT_MAIL_RETENTION_DAYS = 30;

/** Deletes delivered or given-up mail older than the retention; returns how many rows went. */
export async function purgeOldMail(db: DbExecutor, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - SENT_MAIL_RETENTION_DAYS * 24 * 60 * 60_000);
  const rows = await db
    .delete(outbox)
    .where(
      and(
        lt(outbox.createdAt, before),
        // A message still being retried stays until it is sent or given up.
        or(isNotNull(outbox.sentAt), isNotNull(outbox.failedAt), eq(outbox.transport, 'outbox')),
      ),
    )
    .returning({ id: outbox.id });
  return rows.length;
}
