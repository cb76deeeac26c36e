import { describe, expect, it } from 'vitest';
import {
  checkEntitlement,
  checkVariations,
  describeCost,
  describeUsage,
  describeVariationsCost,
  imagesLeft,
} from './entitlement';
import { DEFAULT_OPTIONS, type GenerationOptions } from './options';
import type { Tier } from './tiers';

const plain: GenerationOptions = { ...DEFAULT_OPTIONS };
const premiumVariants: GenerationOptions[] = [
  { theme: 'comic', quality: 'low', privacy: 'public' },
  { theme: 'default', quality: 'high', privacy: 'public' },
  { theme: 'default', quality: 'low', privacy: 'private' },
  { theme: 'pixel', quality: 'high', privacy: 'private' },
];

const PREMIUM = 'You need 1 credit to use premium features';
const limitMessage = (n: number) =>
  `You've reached your monthly limit of ${n} images. Upgrade your plan or purchase credits to generate more.`;

const included = { allowed: true, cost: 0, reason: 'included' };
const premiumCredit = { allowed: true, cost: 1, reason: 'premium-credit' };
const overLimitCredit = { allowed: true, cost: 1, reason: 'over-limit-credit' };
const needCredit = { allowed: false, code: 'premium_requires_credit', message: PREMIUM };
const limitFree = { allowed: false, code: 'monthly_limit_reached', message: limitMessage(3) };
const limitPaid = (n: number) => ({
  allowed: false,
  code: 'monthly_limit_reached',
  message: limitMessage(n),
});

type Row = [tier: Tier, used: number, credits: number, premium: boolean, expected: object];

// Every tier × below / at limit × 0 / 1+ credits × plain / premium options.
const TABLE: Row[] = [
  ['free', 0, 0, false, included],
  ['free', 0, 0, true, needCredit],
  ['free', 2, 5, false, included],
  ['free', 2, 1, true, premiumCredit],
  ['free', 3, 0, false, limitFree],
  ['free', 3, 0, true, limitFree],
  ['free', 3, 1, false, overLimitCredit],
  ['free', 3, 1, true, overLimitCredit],
  ['free', 7, 12, true, overLimitCredit],

  ['basic', 0, 0, false, included],
  ['basic', 29, 0, true, included],
  ['basic', 29, 3, true, included],
  ['basic', 10, 3, false, included],
  ['basic', 30, 0, false, limitPaid(30)],
  ['basic', 30, 0, true, limitPaid(30)],
  // R3: credits buy images past every plan's limit, 1 credit each.
  ['basic', 30, 5, false, overLimitCredit],
  ['basic', 31, 5, true, overLimitCredit],
  ['basic', 30, 1, true, overLimitCredit],

  ['premium', 0, 0, false, included],
  ['premium', 99, 0, true, included],
  ['premium', 50, 2, true, included],
  ['premium', 99, 2, false, included],
  ['premium', 100, 0, false, limitPaid(100)],
  ['premium', 100, 0, true, limitPaid(100)],
  ['premium', 100, 9, false, overLimitCredit],
  ['premium', 100, 9, true, overLimitCredit],
  ['premium', 140, 1, false, overLimitCredit],

  ['enterprise', 0, 0, false, included],
  ['enterprise', 0, 0, true, included],
  ['enterprise', 1000, 0, false, included],
  ['enterprise', 5000, 0, true, included],
  ['enterprise', 5000, 3, true, included],
];

describe('checkEntitlement', () => {
  it.each(TABLE)('%s, %i used, %i credits, premium=%s', (tier, imagesUsed, credits, premium, expected) => {
    const variants = premium ? premiumVariants : [plain];
    for (const options of variants) {
      expect(checkEntitlement({ tier, imagesUsed, credits, options })).toEqual(expected);
    }
  });

  it('never charges more than 1 credit for one generation', () => {
    for (const options of [plain, ...premiumVariants]) {
      for (const imagesUsed of [0, 2, 3, 50]) {
        const result = checkEntitlement({ tier: 'free', imagesUsed, credits: 10, options });
        expect(result).toMatchObject({ allowed: true });
        if (result.allowed) expect(result.cost).toBeLessThanOrEqual(1);
      }
    }
  });

  it('treats a fractional or invalid balance below 1 as no credit', () => {
    const options = premiumVariants[0];
    expect(checkEntitlement({ tier: 'free', imagesUsed: 0, credits: 0.5, options })).toEqual(needCredit);
    expect(checkEntitlement({ tier: 'free', imagesUsed: 0, credits: Number.NaN, options })).toEqual(
      needCredit,
    );
    expect(checkEntitlement({ tier: 'free', imagesUsed: 3, credits: -1, options: plain })).toEqual(limitFree);
  });
});

describe('describeCost', () => {
  it('names the plan and counts the images left this month for included generations', () => {
    expect(describeCost({ tier: 'free', imagesUsed: 1, credits: 0, options: plain })).toBe(
      'Free plan — 2 of 3 left this month',
    );
    expect(describeCost({ tier: 'basic', imagesUsed: 0, credits: 0, options: premiumVariants[3] })).toBe(
      'Basic plan — 30 of 30 left this month',
    );
    expect(describeCost({ tier: 'premium', imagesUsed: 99, credits: 0, options: plain })).toBe(
      'Premium plan — 1 of 100 left this month',
    );
  });

  it('says Unlimited for an unlimited plan', () => {
    expect(describeCost({ tier: 'enterprise', imagesUsed: 900, credits: 0, options: plain })).toBe(
      'Enterprise plan — Unlimited',
    );
  });

  it('says a credit is used for premium options on Free', () => {
    expect(describeCost({ tier: 'free', imagesUsed: 0, credits: 1, options: premiumVariants[0] })).toBe(
      'Uses 1 credit',
    );
  });

  it('says the monthly images are used and this one uses a credit, on every plan', () => {
    for (const [tier, used] of [
      ['free', 3],
      ['basic', 30],
      ['premium', 104],
    ] as const) {
      for (const options of [plain, premiumVariants[3]]) {
        expect(describeCost({ tier, imagesUsed: used, credits: 1, options })).toBe(
          'Monthly images used — this one uses 1 credit',
        );
      }
    }
  });

  it('shows the refusal message', () => {
    expect(describeCost({ tier: 'free', imagesUsed: 0, credits: 0, options: premiumVariants[1] })).toBe(
      PREMIUM,
    );
    expect(describeCost({ tier: 'free', imagesUsed: 3, credits: 0, options: plain })).toBe(limitMessage(3));
    expect(describeCost({ tier: 'premium', imagesUsed: 100, credits: 0, options: plain })).toBe(
      limitMessage(100),
    );
  });
});

describe('describeUsage', () => {
  it('counts the monthly images used within the plan', () => {
    expect(describeUsage('free', 0)).toBe('0 of 3 monthly images used');
    expect(describeUsage('free', 3)).toBe('3 of 3 monthly images used');
    expect(describeUsage('basic', 12)).toBe('12 of 30 monthly images used');
  });

  it('shows images paid with credits past the limit apart, never "5 / 3"', () => {
    expect(describeUsage('free', 5)).toBe('3 of 3 monthly images used · 2 more with credits');
    expect(describeUsage('basic', 31)).toBe('30 of 30 monthly images used · 1 more with credits');
  });

  it('says Unlimited for an unlimited plan', () => {
    expect(describeUsage('enterprise', 1)).toBe('1 image this month · Unlimited');
    expect(describeUsage('enterprise', 40)).toBe('40 images this month · Unlimited');
  });
});

describe('imagesLeft', () => {
  it('never goes below zero and is null when unlimited', () => {
    expect(imagesLeft('free', 1)).toBe(2);
    expect(imagesLeft('free', 9)).toBe(0);
    expect(imagesLeft('basic', 0)).toBe(30);
    expect(imagesLeft('enterprise', 10_000)).toBeNull();
  });
});

describe('checkVariations', () => {
  const ask = (tier: Tier, imagesUsed: number, credits: number, count: number, options = plain) =>
    checkVariations({ tier, imagesUsed, credits, options, count });

  it('counts each picture: included within the allowance, 1 credit each past it', () => {
    expect(ask('premium', 0, 0, 4)).toEqual({ allowed: true, costs: [0, 0, 0, 0], total: 0 });
    expect(ask('premium', 96, 0, 4)).toEqual({ allowed: true, costs: [0, 0, 0, 0], total: 0 });
    expect(ask('premium', 98, 5, 4)).toEqual({ allowed: true, costs: [0, 0, 1, 1], total: 2 });
    expect(ask('premium', 100, 4, 4)).toEqual({ allowed: true, costs: [1, 1, 1, 1], total: 4 });
    expect(ask('enterprise', 5000, 0, 4, premiumVariants[3])).toEqual({
      allowed: true,
      costs: [0, 0, 0, 0],
      total: 0,
    });
  });

  it('is all or nothing: says how many still fit when only some do', () => {
    expect(ask('premium', 98, 0, 4)).toEqual({
      allowed: false,
      code: 'variations_do_not_fit',
      message: 'You can make 2 more images this month — ask for 2 or fewer, or buy credits.',
    });
    // Allowance and credits together: 1 left in the month plus 1 credit.
    expect(ask('premium', 99, 1, 3)).toMatchObject({
      allowed: false,
      message: 'You can make 2 more images this month — ask for 2 or fewer, or buy credits.',
    });
    expect(ask('premium', 100, 1, 2)).toMatchObject({
      allowed: false,
      message: 'You can make 1 more image this month — ask for 1 or fewer, or buy credits.',
    });
  });

  it('gives the one-picture refusal when not even one fits, and reads as checkEntitlement for 1', () => {
    expect(ask('premium', 100, 0, 4)).toEqual(
      checkEntitlement({ tier: 'premium', imagesUsed: 100, credits: 0, options: plain }),
    );
    expect(ask('premium', 100, 0, 4)).toMatchObject({
      code: 'monthly_limit_reached',
      message: limitMessage(100),
    });
    expect(ask('free', 0, 0, 1, premiumVariants[0])).toMatchObject({ allowed: false, message: PREMIUM });
    expect(ask('free', 0, 1, 1, premiumVariants[0])).toEqual({ allowed: true, costs: [1], total: 1 });
  });
});

describe('describeVariationsCost', () => {
  const line = (tier: Tier, imagesUsed: number, credits: number, count: number) =>
    describeVariationsCost({ tier, imagesUsed, credits, options: plain, count });

  it('counts the pictures in the cost line', () => {
    expect(line('premium', 96, 0, 4)).toBe('4 images — 4 of 100 left this month');
    expect(line('premium', 98, 5, 4)).toBe('4 images — 2 of 100 left this month, 2 more use 1 credit each');
    expect(line('premium', 99, 5, 2)).toBe('2 images — 1 of 100 left this month, 1 more uses 1 credit');
    expect(line('premium', 100, 5, 3)).toBe('3 images — monthly images used, each uses 1 credit');
    expect(line('enterprise', 10, 0, 4)).toBe('4 images — Enterprise plan, Unlimited');
    expect(line('premium', 98, 0, 4)).toBe(
      'You can make 2 more images this month — ask for 2 or fewer, or buy credits.',
    );
  });

  it('reads as describeCost for one picture', () => {
    expect(line('premium', 3, 0, 1)).toBe(
      describeCost({ tier: 'premium', imagesUsed: 3, credits: 0, options: plain }),
    );
  });
});
