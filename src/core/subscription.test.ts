import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_STATUSES, subscriptionAccess } from './subscription';

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
