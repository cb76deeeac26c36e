import { describe, expect, it } from 'vitest';
import { tierAt } from './membership';
import { RENEWAL_GRACE_DAYS, SUBSCRIPTION_STATUSES, subscriptionAccess } from './subscription';

describe('what a Stripe subscription status gives the member', () => {
  it('covers every status Stripe documents', () => {
    expect([...SUBSCRIPTION_STATUSES].sort()).toEqual(
      [
        'active',
        'canceled',
        'incomplete',
        'incomplete_expired',
        'past_due',
        'paused',
        'trialing',
        'unpaid',
      ].sort(),
    );
  });

  it.each([
    // status, grants the plan, ends the subscription
    ['incomplete', false, false],
    ['incomplete_expired', false, true],
    ['trialing', true, false],
    ['active', true, false],
    ['past_due', true, false],
    ['unpaid', false, false],
    ['canceled', false, true],
    ['paused', false, false],
  ] as const)('%s: grants %s, ends %s', (status, grantsPlan, ended) => {
    expect(subscriptionAccess(status)).toMatchObject({ grantsPlan, ended });
  });

  it('only canceled and incomplete_expired end a subscription', () => {
    expect(SUBSCRIPTION_STATUSES.filter((s) => subscriptionAccess(s).ended)).toEqual([
      'incomplete_expired',
      'canceled',
    ]);
  });

  it('tells the member what to do when a payment is pending, failing or missing', () => {
    for (const status of ['incomplete', 'past_due', 'unpaid', 'paused', 'incomplete_expired'] as const) {
      expect(subscriptionAccess(status).note).toMatch(/\w/);
    }
    expect(subscriptionAccess('active').note).toBeNull();
    expect(subscriptionAccess('past_due').note).toContain('Manage billing');
  });

  it('grants and ends nothing for a status it does not know (or an inherited property name)', () => {
    for (const status of ['frozen', '', 'toString', '__proto__', 'constructor']) {
      expect(subscriptionAccess(status)).toEqual({ grantsPlan: false, ended: false, note: null });
    }
  });
});

describe('the tier a membership gives, around its period end', () => {
  const end = new Date('2026-11-30T12:00:00Z');
  const at = (ms: number) => new Date(end.getTime() + ms);
  const HOUR = 3_600_000;
  const basic = { tier: 'basic' as const, status: 'active', periodEnd: end };

  it('keeps the plan through the renewal grace (Stripe redelivers for up to three days), then Free', () => {
    expect(RENEWAL_GRACE_DAYS).toBe(3);
    expect(tierAt(basic, at(-HOUR))).toBe('basic');
    expect(tierAt(basic, at(HOUR))).toBe('basic');
    expect(tierAt(basic, at(3 * 24 * HOUR - 1000))).toBe('basic');
    expect(tierAt(basic, at(3 * 24 * HOUR))).toBe('free');
  });

  it('gives nothing for a status that grants nothing, and never lapses a plan without a period end', () => {
    expect(tierAt({ ...basic, status: 'unpaid' }, at(-HOUR))).toBe('free');
    expect(tierAt({ ...basic, status: 'past_due' }, at(HOUR))).toBe('basic');
    expect(tierAt({ tier: 'premium', status: 'active', periodEnd: null }, at(365 * 24 * HOUR))).toBe(
      'premium',
    );
    expect(tierAt(null)).toBe('free');
  });
});
