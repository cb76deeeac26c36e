import { describe, expect, it } from 'vitest';
import {
  CUSTOM_STYLE_LIMIT,
  downloadSizeRefusal,
  hasCustomStyles,
  isPaidTier,
  isTier,
  maxDownloadSize,
  maxVariations,
  monthlyImageLimit,
  TIERS,
  tierForDownloadSize,
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

describe('download sizes by plan', () => {
  it('gives Free 1024 px and Basic and above 2048 px', () => {
    expect(TIERS.map(maxDownloadSize)).toEqual([1024, 2048, 2048, 2048]);
  });

  it('refuses a larger size naming the plan that opens it, and nothing within the plan', () => {
    expect(downloadSizeRefusal('free', { format: 'png', size: 2048 })).toBe(
      'Free downloads up to 1024 px: 2048 px needs the Basic plan or above.',
    );
    expect(downloadSizeRefusal('free', { format: 'webp', size: 1024 })).toBeNull();
    // A vector scales to any size on every plan.
    expect(downloadSizeRefusal('free', { format: 'svg', size: 2048 })).toBeNull();
    expect(downloadSizeRefusal('basic', { format: 'jpg', size: 2048 })).toBeNull();
    expect(tierForDownloadSize(2048)).toBe('basic');
    expect(tierForDownloadSize(4096)).toBeNull();
  });
});
