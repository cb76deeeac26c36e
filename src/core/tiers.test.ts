import { describe, expect, it } from 'vitest';
import {
  CUSTOM_STYLE_LIMIT,
  hasCustomStyles,
  isPaidTier,
  isTier,
  maxVariations,
  monthlyImageLimit,
  TIERS,
  tierFromPlanId,
  tierLabel,
} from './tiers';

describe('tiers', () => {
  it('lists the four tiers in order', () => {
    expect(TIERS).toEqual(['free', 'basic', 'premium', 'enterprise']);
  });

  it('has the monthly limits of SPEC §9, enterprise unlimited', () => {
    expect(monthlyImageLimit('free')).toBe(3);
    expect(monthlyImageLimit('basic')).toBe(30);
    expect(monthlyImageLimit('premium')).toBe(100);
    expect(monthlyImageLimit('enterprise')).toBeNull();
  });

  it('knows which tiers are paid', () => {
    expect(TIERS.filter(isPaidTier)).toEqual(['basic', 'premium', 'enterprise']);
  });

  it.each([
    ['free', 'free'],
    ['basic', 'basic'],
    ['premium', 'premium'],
    ['pro', 'premium'],
    ['PRO', 'premium'],
    [' enterprise ', 'enterprise'],
    ['gold', 'free'],
    ['', 'free'],
    [null, 'free'],
    [undefined, 'free'],
  ] as const)('tierFromPlanId(%j) → %s', (id, tier) => {
    expect(tierFromPlanId(id)).toBe(tier);
  });

  it('labels tiers capitalised', () => {
    expect(TIERS.map(tierLabel)).toEqual(['Free', 'Basic', 'Premium', 'Enterprise']);
  });

  it('recognises tier strings', () => {
    expect(isTier('basic')).toBe(true);
    expect(isTier('pro')).toBe(false);
    expect(isTier(3)).toBe(false);
  });

  it('gives saved custom styles to Premium and Enterprise only, at most 20', () => {
    expect(TIERS.filter(hasCustomStyles)).toEqual(['premium', 'enterprise']);
    expect(CUSTOM_STYLE_LIMIT).toBe(20);
  });

  it('lets only Premium and Enterprise ask for several pictures at once (up to 4)', () => {
    expect(Object.fromEntries(TIERS.map((tier) => [tier, maxVariations(tier)]))).toEqual({
      free: 1,
      basic: 1,
      premium: 4,
      enterprise: 4,
    });
  });
});
