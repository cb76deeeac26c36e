import { describe, expect, it } from 'vitest';
import type { Me } from '../../../core/api';
import { DEFAULT_OPTIONS } from '../../../core/options';
import { costLine, premiumGate, premiumThemeMessage } from './gating';

function account(tier: Me['membership']['tier'], credits: number, imageCount = 0) {
  const limits = { free: 3, basic: 30, premium: 100, enterprise: null } as const;
  return {
    membership: { tier, status: 'active', imageCount, imageLimit: limits[tier], periodEnd: null },
    credits,
  };
}

describe('premiumGate', () => {
  it('locks premium options for a free member with no credits, saying the price', () => {
    expect(premiumGate(account('free', 0))).toEqual({ locked: true, hint: '1 credit · Not enough credits' });
  });
  it('opens them, at a price, for a free member with a credit; included once a credit is spent', () => {
    expect(premiumGate(account('free', 1))).toEqual({ locked: false, hint: '1 credit' });
    expect(premiumGate(account('free', 1), true)).toEqual({
      locked: false,
      hint: 'Included in this picture’s 1 credit',
    });
  });
  it('says nothing to paid members or while the session loads', () => {
    for (const tier of ['basic', 'premium', 'enterprise'] as const) {
      expect(premiumGate(account(tier, 0))).toEqual({ locked: false, hint: null });
    }
    expect(premiumGate(null)).toEqual({ locked: false, hint: null });
  });
});

describe('premiumThemeMessage', () => {
  it('asks a free member without credits to upgrade or buy', () => {
    expect(premiumThemeMessage(account('free', 0))).toBe(
      'Upgrade to Premium or purchase credits to unlock all themes!',
    );
  });
  it('tells a free member with credits what it costs, in singular and plural', () => {
    expect(premiumThemeMessage(account('free', 1))).toBe(
      'This theme will use 1 credit. You have 1 credit available.',
    );
    expect(premiumThemeMessage(account('free', 4))).toBe(
      'This theme will use 1 credit. You have 4 credits available.',
    );
  });
  it('has nothing to say to paid members', () => {
    expect(premiumThemeMessage(account('basic', 0))).toBeNull();
  });
});

describe('costLine', () => {
  const premium = { ...DEFAULT_OPTIONS, theme: 'comic' as const };
  it('names the plan and what is left when included', () => {
    expect(costLine(account('free', 0, 1), DEFAULT_OPTIONS)).toEqual({
      text: 'Free plan — 2 of 3 left this month',
      kind: 'free',
    });
    expect(costLine(account('basic', 0, 0), premium)).toEqual({
      text: 'Basic plan — 30 of 30 left this month',
      kind: 'free',
    });
  });
  it('a credit for premium options, or past the limit on any plan', () => {
    expect(costLine(account('free', 2), premium)).toEqual({ text: 'Uses 1 credit', kind: 'credit' });
    expect(costLine(account('free', 2, 3), DEFAULT_OPTIONS)).toEqual({
      text: 'Monthly images used — this one uses 1 credit',
      kind: 'credit',
    });
    expect(costLine(account('basic', 1, 30), DEFAULT_OPTIONS)).toEqual({
      text: 'Monthly images used — this one uses 1 credit',
      kind: 'credit',
    });
  });
  it('refusals carry the reason', () => {
    expect(costLine(account('free', 0), premium)).toEqual({
      text: 'You need 1 credit to use premium features',
      kind: 'refused',
    });
    expect(costLine(account('basic', 0, 30), DEFAULT_OPTIONS)).toEqual({
      text: "You've reached your monthly limit of 30 images. Upgrade your plan or purchase credits to generate more.",
      kind: 'refused',
    });
  });
  it('an unlimited plan says Unlimited', () => {
    expect(costLine(account('enterprise', 0, 5000), premium).text).toBe('Enterprise plan — Unlimited');
  });
});

describe('costLine for variations', () => {
  it('counts every picture and charges a credit for each past the limit', () => {
    expect(costLine(account('premium', 0, 10), DEFAULT_OPTIONS, 4)).toEqual({
      text: '4 images — 90 of 100 left this month',
      kind: 'free',
    });
    expect(costLine(account('premium', 5, 99), DEFAULT_OPTIONS, 3)).toEqual({
      text: '3 images — 1 of 100 left this month, 2 more use 1 credit each',
      kind: 'credit',
    });
    expect(costLine(account('premium', 1, 99), DEFAULT_OPTIONS, 4)).toEqual({
      text: 'You can make 2 more images this month — ask for 2 or fewer, or buy credits.',
      kind: 'refused',
    });
  });
});
