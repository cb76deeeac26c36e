// Benchmarks sign members up as people do: the form, then the e-mail's confirmation link (read
// from the outbox table), whose answer carries the session cookie.
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../src/server/db/client';

export async function confirmSignUp(
  db: Database,
  email: string,
  get: (path: string) => Response | Promise<Response>,
): Promise<string> {
  for (const end = Date.now() + 30_000; Date.now() < end; ) {
    const [mail] = await queryRows<{ text: string }>(
      db,
      sql`select text from outbox where "to" = ${email} and kind = 'email-verification' order by created_at desc limit 1`,
    );
    const token = mail && /\/verify-email\?token=([^\s"<&]+)/.exec(mail.text)?.[1];
    if (token) {
      const res = await get(`/api/auth/verify-email?token=${token}`);
      if (res.status !== 200) throw new Error(`confirming ${email} failed: ${res.status}`);
      return res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no confirmation e-mail to ${email}`);
}
