// What every billing use case receives. Network calls to the provider happen before a
// transaction opens, never while it holds locks.
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import type { Payments } from './ports';

export type BillingDeps = {
  db: Database;
  payments: Payments;
  config: Pick<Config, 'publicUrl' | 'stripePrices'>;
  logger: Logger;
  /** Receipts: one per purchase (receipts.ts). */
  mailer: Mailer;
};

/** What a webhook delivery (or the success page's confirm) did. */
export type EventOutcome = 'applied' | 'duplicate' | 'skipped' | 'ignored';

export const cents = (usd: number) => Math.round(usd * 100);
