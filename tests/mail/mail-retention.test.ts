// Sent mail is personal data: the outbox keeps it 30 days (the Privacy page says so), and keeps a
// message that is still being retried until it is sent or given up.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { purgeOldMail, SENT_MAIL_RETENTION_DAYS } from '../../src/server/mail/retention';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ overrides: { background: false } });
});
afterAll(() => t?.close());

it('purges delivered and given-up mail older than the retention, keeping recent and retrying mail', async () => {
  const db = t.deps.database.db;
  const now = new Date();
  const old = new Date(now.getTime() - (SENT_MAIL_RETENTION_DAYS + 1) * 24 * 60 * 60_000);
  const recent = new Date(now.getTime() - 24 * 60 * 60_000);
  await db.execute(
    sql`insert into outbox ("to", subject, text, transport, sent_at, failed_at, created_at) values
        ('old-sent@example.com', 's', 't', 'smtp', ${old}, null, ${old}),
        ('old-given-up@example.com', 's', 't', 'smtp', null, ${old}, ${old}),
        ('old-outbox@example.com', 's', 't', 'outbox', null, null, ${old}),
        ('old-retrying@example.com', 's', 't', 'smtp', null, null, ${old}),
        ('recent-sent@example.com', 's', 't', 'smtp', ${recent}, null, ${recent})`,
  );
  expect(await purgeOldMail(db, now)).toBe(3);
  const left = await queryRows<{ to: string }>(db, sql`select "to" from outbox order by "to"`);
  expect(left.map((r) => r.to)).toEqual(['old-retrying@example.com', 'recent-sent@example.com']);
});
