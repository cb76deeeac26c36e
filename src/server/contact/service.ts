// Messages sent through the contact form, kept for support to read.
import type { ContactMessage } from '../../core/api';
import type { Database } from '../db/client';
import { contactMessages } from '../db/schema';
import { addressKey, CONTACT_RATE_LIMIT, type RateLimiter } from '../platform/rate-limit';

export async function saveContactMessage(opts: {
  db: Database;
  rateLimiter: RateLimiter;
  message: ContactMessage;
  userId: string | null;
  ip: string;
}): Promise<void> {
  await opts.rateLimiter.hit(CONTACT_RATE_LIMIT, [addressKey(opts.ip)]);
  await opts.db.insert(contactMessages).values({ ...opts.message, userId: opts.userId, ip: opts.ip });
}
