// The member side of billing: whether the member a provider object names still exists.
// (Plans themselves are changed only through ../membership.)
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import { users } from '../db/schema';

export async function userExists(db: DbExecutor, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return Boolean(row);
}
