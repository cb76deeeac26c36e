// Memberships, monthly usage and the credit ledger. See docs/decisions/004-credit-ledger.md.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CREDIT_TRANSACTION_TYPES } from '../../../core/api';
import { users } from './auth';

export const memberships = pgTable(
  'memberships',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: text('tier', { enum: ['free', 'basic', 'premium', 'enterprise'] })
      .notNull()
      .default('free'),
    status: text('status').notNull().default('active'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    stripeCustomerId: text('stripe_customer_id').unique(),
    stripeSubscriptionId: text('stripe_subscription_id').unique(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('memberships_tier_check', sql`${t.tier} in ('free', 'basic', 'premium', 'enterprise')`)],
);

export const imageUsage = pgTable(
  'image_usage',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    count: integer('count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.month] }),
    check('image_usage_count_check', sql`${t.count} >= 0`),
  ],
);

export const creditAccounts = pgTable(
  'credit_accounts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('credit_accounts_balance_check', sql`${t.balance} >= 0`)],
);

export const creditTransactions = pgTable(
  'credit_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Kept (set null) when an account is deleted: the ledger is an accounting record.
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type', { enum: CREDIT_TRANSACTION_TYPES }).notNull(),
    amount: integer('amount').notNull(),
    description: text('description').notNull(),
    referenceId: text('reference_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_transactions_user_idx').on(t.userId, t.createdAt),
    // A replayed webhook or a second refund cannot apply twice.
    uniqueIndex('credit_transactions_reference_type_idx')
      .on(t.referenceId, t.type)
      .where(sql`${t.referenceId} is not null`),
    check(
      'credit_transactions_type_check',
      sql`${t.type} in ('purchase', 'spend', 'refund', 'grant', 'clawback')`,
    ),
  ],
);

// Stripe (or test checkout) events already applied; inserted in the same transaction as the effect.
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['plan', 'pack'] }).notNull(),
    itemId: text('item_id').notNull(),
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    status: text('status', { enum: ['open', 'completed', 'cancelled'] })
      .notNull()
      .default('open'),
    returnTo: text('return_to'),
    amountCents: integer('amount_cents').notNull(),
    paymentIntentId: text('payment_intent_id'),
    /** The Stripe subscription a plan checkout created, once the provider reports it. */
    subscriptionId: text('subscription_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('checkout_sessions_user_idx').on(t.userId),
    index('checkout_sessions_pi_idx').on(t.paymentIntentId),
    index('checkout_sessions_subscription_idx').on(t.subscriptionId),
  ],
);

export const PAYMENT_LEDGER_KINDS = [
  'refund',
  'duplicate_refund',
  'dispute_opened',
  'dispute_won',
  'dispute_lost',
] as const;
export type PaymentLedgerKind = (typeof PAYMENT_LEDGER_KINDS)[number];

// Money the provider moved back after a sale (refunds, disputes), for the operator and the
// accounts. Append-only; unique (kind, reference) makes each entry happen once whatever the
// event order or count. Credit changes that follow are in credit_transactions.
export const paymentLedger = pgTable(
  'payment_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Kept (set null) when an account is deleted, like the credit ledger.
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: PAYMENT_LEDGER_KINDS }).notNull(),
    /** The provider's object: a dispute, refund or subscription id. */
    referenceId: text('reference_id').notNull(),
    /** What was bought: a plan or pack id. */
    itemId: text('item_id'),
    checkoutSessionId: text('checkout_session_id'),
    amountCents: integer('amount_cents').notNull().default(0),
    /** Credits taken back from the member's balance. */
    creditsTaken: integer('credits_taken').notNull().default(0),
    /** Credits that could not be taken back because the member had already spent them. */
    creditsShortfall: integer('credits_shortfall').notNull().default(0),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_ledger_kind_reference_idx').on(t.kind, t.referenceId),
    index('payment_ledger_user_idx').on(t.userId, t.createdAt),
    check(
      'payment_ledger_kind_check',
      sql`${t.kind} in ('refund', 'duplicate_refund', 'dispute_opened', 'dispute_won', 'dispute_lost')`,
    ),
  ],
);

export type MembershipRow = typeof memberships.$inferSelect;
export type CreditTransactionRow = typeof creditTransactions.$inferSelect;
export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
export type PaymentLedgerRow = typeof paymentLedger.$inferSelect;
