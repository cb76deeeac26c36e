import { describe, expect, it } from 'vitest';
import {
  canViewImage,
  imageVisibility,
  isVisibleToEveryone,
  privacyChangeCost,
  privacyPaidAtGeneration,
} from './image-access';
import type { Privacy } from './options';
import { TIERS, type Tier } from './tiers';

const REFUSED = {
  allowed: false,
  code: 'privacy_requires_credit',
  message:
    'Making this picture private uses 1 credit, and you have none. Buy credits or choose a plan, then try again.',
};

/**
 * The expected answer for every member × image × change, written as the rules read:
 * no change → free; to public → free; paid before → free; paid plan → free (and now paid);
 * free plan with a credit → 1 credit (and now paid); free plan without → refused.
 */
function expected(tier: Tier, credits: number, from: Privacy, paid: boolean, to: Privacy) {
  if (from === to) return { allowed: true, cost: 0, reason: 'unchanged', paidAfter: paid };
  if (to === 'public') return { allowed: true, cost: 0, reason: 'public-free', paidAfter: paid };
  if (paid) return { allowed: true, cost: 0, reason: 'already-paid', paidAfter: true };
  if (tier !== 'free') return { allowed: true, cost: 0, reason: 'plan-included', paidAfter: true };
  if (credits > 0) return { allowed: true, cost: 1, reason: 'credit', paidAfter: true };
  return REFUSED;
}

const CASES = TIERS.flatMap((tier) =>
  [0, 3].flatMap((credits) =>
    (['public', 'private'] as const).flatMap((from) =>
      [false, true].flatMap((paid) =>
        (['public', 'private'] as const).map((to) => ({ tier, credits, from, paid, to })),
      ),
    ),
  ),
);

describe('privacyChangeCost', () => {
  it('covers every member (tier × credits 0/3) × image (privacy × paid) × change: 64 cases', () => {
    expect(CASES).toHaveLength(64);
  });

  it.each(CASES)('$tier with $credits credits, $from image (paid: $paid) → $to', (c) => {
    expect(
      privacyChangeCost({
        image: { privacy: c.from },
        to: c.to,
        member: { tier: c.tier, credits: c.credits },
        alreadyPaid: c.paid,
      }),
    ).toEqual(expected(c.tier, c.credits, c.from, c.paid, c.to));
  });

  it('R1: generated private, made public, then private again costs nothing, even with 0 credits', () => {
    const member = { tier: 'free' as const, credits: 0 };
    let paid = privacyPaidAtGeneration('private');
    let privacy: Privacy = 'private';
    for (const to of ['public', 'private', 'public', 'private'] as const) {
      const change = privacyChangeCost({ image: { privacy }, to, member, alreadyPaid: paid });
      expect(change).toMatchObject({ allowed: true, cost: 0 });
      if (change.allowed) paid = change.paidAfter;
      privacy = to;
    }
    expect(paid).toBe(true);
  });

  it('R2: a free member pays 1 credit once; every later switch is free', () => {
    const member = { tier: 'free' as const, credits: 1 };
    const first = privacyChangeCost({
      image: { privacy: 'public' },
      to: 'private',
      member,
      alreadyPaid: privacyPaidAtGeneration('public'),
    });
    expect(first).toEqual({ allowed: true, cost: 1, reason: 'credit', paidAfter: true });
    const afterSpend = { tier: 'free' as const, credits: 0 };
    expect(
      privacyChangeCost({
        image: { privacy: 'public' },
        to: 'private',
        member: afterSpend,
        alreadyPaid: true,
      }),
    ).toMatchObject({ allowed: true, cost: 0 });
  });

  it('treats a fractional or invalid balance as no credit', () => {
    for (const credits of [0.5, Number.NaN, -2]) {
      expect(
        privacyChangeCost({
          image: { privacy: 'public' },
          to: 'private',
          member: { tier: 'free', credits },
          alreadyPaid: false,
        }),
      ).toEqual(REFUSED);
    }
  });
});

describe('privacyPaidAtGeneration', () => {
  it('counts a private generation as paid (its entitlement covered the option), a public one not', () => {
    expect(privacyPaidAtGeneration('private')).toBe(true);
    expect(privacyPaidAtGeneration('public')).toBe(false);
  });
});

describe('imageVisibility', () => {
  const owner = 'user-1';
  const publicImage = { ownerId: owner, privacy: 'public' as const };
  const privateImage = { ownerId: owner, privacy: 'private' as const };

  it('shows a public image to everyone, signed in or not', () => {
    for (const viewerId of [null, owner, 'user-2']) {
      expect(imageVisibility({ image: publicImage, viewerId })).toBe('everyone');
      expect(canViewImage({ image: publicImage, viewerId })).toBe(true);
    }
  });

  it('R4: shows a private image to its owner only', () => {
    expect(imageVisibility({ image: privateImage, viewerId: owner })).toBe('owner-only');
    expect(canViewImage({ image: privateImage, viewerId: owner })).toBe(true);
    for (const viewerId of [null, 'user-2', '']) {
      expect(imageVisibility({ image: privateImage, viewerId })).toBe('hidden');
      expect(canViewImage({ image: privateImage, viewerId })).toBe(false);
    }
  });

  it('lists and caches publicly only public images', () => {
    expect(isVisibleToEveryone(publicImage)).toBe(true);
    expect(isVisibleToEveryone(privateImage)).toBe(false);
  });
});
