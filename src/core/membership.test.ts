import { describe, expect, it } from 'vitest';
import { tierAt } from './membership';

const now = new Date('2026-11-26T12:00:00Z');
const later = new Date('2026-12-26T12:00:00Z');
const earlier = new Date('2026-10-26T12:00:00Z');

describe('the plan in force', () => {
  it('is the stored plan while its subscription grants it and its period runs', () => {
    expect(tierAt({ tier: 'premium', status: 'active', periodEnd: later }, now)).toBe('premium');
    expect(tierAt({ tier: 'basic', status: 'past_due', periodEnd: later }, now)).toBe('basic');
    expect(tierAt({ tier: 'enterprise', status: 'active', periodEnd: null }, now)).toBe('enterprise');
  });

  it('is Free when the subscription grants nothing, or the paid period is over', () => {
    expect(tierAt({ tier: 'premium', status: 'unpaid', periodEnd: later }, now)).toBe('free');
    expect(tierAt({ tier: 'premium', status: 'incomplete', periodEnd: later }, now)).toBe('free');
    expect(tierAt({ tier: 'premium', status: 'active', periodEnd: earlier }, now)).toBe('free');
    expect(tierAt({ tier: 'basic', status: 'some_new_status', periodEnd: later }, now)).toBe('free');
  });

  it('is Free with no membership at all', () => {
    expect(tierAt(null, now)).toBe('free');
    expect(tierAt(undefined, now)).toBe('free');
  });

  it("is the team's Enterprise for a team member while the owner's Enterprise is in force", () => {
    const own = { tier: 'free' as const, status: 'active', periodEnd: null };
    const owner = { tier: 'enterprise' as const, status: 'active', periodEnd: later };
    expect(tierAt({ ...own, team: owner }, now)).toBe('enterprise');
    // The owner's plan ends (lapsed, unpaid, downgraded): the member is back on their own plan.
    expect(tierAt({ ...own, team: { ...owner, periodEnd: earlier } }, now)).toBe('free');
    expect(tierAt({ ...own, team: { ...owner, status: 'unpaid' } }, now)).toBe('free');
    expect(tierAt({ ...own, tier: 'basic', team: { ...owner, tier: 'premium' } }, now)).toBe('basic');
  });
});
