import { describe, expect, it } from 'vitest';
import { generationPermit } from './generation-permit';
import { MESSAGES } from './messages';
import { DEFAULT_OPTIONS } from './options';

const premiumOptions = { ...DEFAULT_OPTIONS, quality: 'high' as const };

describe('may this member make these pictures now, and what does each cost', () => {
  it('refuses a saved style below Premium, before anything is counted', () => {
    const permit = generationPermit({
      tier: 'basic',
      imagesUsed: 0,
      credits: 5,
      options: DEFAULT_OPTIONS,
      count: 1,
      withStyle: true,
    });
    expect(permit).toMatchObject({ allowed: false, status: 403, code: 'premium_required' });
    expect(
      generationPermit({
        tier: 'premium',
        imagesUsed: 0,
        credits: 0,
        options: DEFAULT_OPTIONS,
        count: 1,
        withStyle: true,
      }),
    ).toMatchObject({ allowed: true, total: 0 });
  });

  it('refuses art direction below Premium (credits do not open it) and takes it on Premium and Enterprise', () => {
    const ask = { imagesUsed: 0, credits: 5, options: DEFAULT_OPTIONS, count: 1, withArtDirection: true };
    for (const tier of ['free', 'basic'] as const)
      expect(generationPermit({ ...ask, tier })).toEqual({
        allowed: false,
        status: 403,
        code: 'premium_required',
        message: MESSAGES.artDirectionNeedsPremium,
      });
    for (const tier of ['premium', 'enterprise'] as const)
      expect(generationPermit({ ...ask, tier })).toMatchObject({ allowed: true, total: 0 });
    // Without it, the same Free member is answered as before.
    expect(generationPermit({ ...ask, tier: 'free', withArtDirection: false })).toMatchObject({
      allowed: true,
    });
  });

  it('refuses variations below Premium with the plan as the reason, not the credits', () => {
    expect(
      generationPermit({ tier: 'free', imagesUsed: 0, credits: 10, options: DEFAULT_OPTIONS, count: 2 }),
    ).toMatchObject({ allowed: false, status: 403, code: 'variations_need_premium' });
  });

  it('prices each picture: the allowance first, then a credit each; refuses what credits cannot cover', () => {
    expect(
      generationPermit({ tier: 'free', imagesUsed: 0, credits: 0, options: DEFAULT_OPTIONS, count: 1 }),
    ).toEqual({
      allowed: true,
      costs: [0],
      total: 0,
    });
    expect(
      generationPermit({ tier: 'free', imagesUsed: 0, credits: 1, options: premiumOptions, count: 1 }),
    ).toEqual({
      allowed: true,
      costs: [1],
      total: 1,
    });
    expect(
      generationPermit({ tier: 'free', imagesUsed: 3, credits: 0, options: DEFAULT_OPTIONS, count: 1 }),
    ).toMatchObject({ allowed: false, status: 402, code: 'monthly_limit_reached' });
    expect(
      generationPermit({ tier: 'premium', imagesUsed: 99, credits: 1, options: premiumOptions, count: 2 }),
    ).toEqual({
      allowed: true,
      costs: [0, 1],
      total: 1,
    });
  });
});
