import { describe, expect, it } from 'vitest';
import {
  CREDIT_PACKS,
  findPack,
  findPlan,
  formatPrice,
  PLANS,
  planChange,
  planFeature,
  planOpening,
  pricePerCredit,
  resolutionByPlan,
  tierIncludes,
  totalCredits,
} from './catalog';
import { RESOLUTION_BY_PLAN } from './constants';
import { TIERS } from './tiers';

describe('plans', () => {
  it('has the four plans with their prices and limits', () => {
    expect(PLANS.map((p) => [p.id, p.name, p.price, p.imagesPerMonth, p.tier])).toEqual([
      ['free', 'Free', 0, 3, 'free'],
      ['basic', 'Basic', 7.99, 30, 'basic'],
      ['premium', 'Premium', 12.99, 100, 'premium'],
      ['enterprise', 'Enterprise', 24.99, null, 'enterprise'],
    ]);
  });

  it('sells every paid plan as a monthly subscription', () => {
    expect(PLANS.filter((p) => p.price > 0).map((p) => p.id)).toEqual(['basic', 'premium', 'enterprise']);
  });

  it('lists only what is built; Explore search under Free', () => {
    const text = (id: string) => findPlan(id)?.features.map((f) => f.text);
    expect(text('free')).toEqual([
      '3 images every month',
      'Standard resolution: downloads up to 1024 px',
      'Explore gallery with search and sort',
    ]);
    expect(text('basic')).toEqual([
      '30 images every month',
      'Full resolution: downloads up to 2048 px',
      'Premium themes and Triple Validation included',
      'Private pictures included',
      'Advanced prompts: Suggest turns your idea into 3 richer prompts',
    ]);
    expect(text('premium')).toEqual([
      '100 images every month',
      'Up to 4 variations at once',
      'Custom styles',
      'Art direction controls: composition, outline, colours, background, viewpoint',
    ]);
    expect(text('enterprise')).toEqual([
      'Unlimited images every month',
      'API access',
      'Priority rendering',
      'Team management: 5 seats, yours included',
    ]);
    const all = PLANS.flatMap((p) => p.features.map((f) => f.text)).join('\n');
    expect(all).not.toMatch(/Sortable/);
  });

  it('a line a plan lists is included from that plan up (Suggest: Basic and above), named by planOpening', () => {
    expect(planOpening('advanced-prompts')?.name).toBe('Basic');
    expect(TIERS.map((tier) => tierIncludes(tier, 'advanced-prompts'))).toEqual([false, true, true, true]);
    expect(TIERS.map((tier) => tierIncludes(tier, 'api-access'))).toEqual([false, false, false, true]);
    // A plan's own value (its monthly count) is no inherited line.
    expect(tierIncludes('enterprise', 'monthly-images')).toBe(false);
  });

  it('gives each line a stable id, once per plan', () => {
    for (const plan of PLANS) {
      const ids = plan.features.map((f) => f.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
    expect(planFeature(findPlan('premium')!, 'custom-styles')?.text).toBe('Custom styles');
  });

  it('says the resolution of each plan in one sentence', () => {
    expect(resolutionByPlan()).toBe('Free downloads up to 1024 px; Basic and above up to 2048 px.');
    // The landing's copy, kept off the plan catalogue for its bundle, says the same.
    expect(RESOLUTION_BY_PLAN).toBe(resolutionByPlan());
  });

  it('finds plans by id only', () => {
    expect(findPlan('basic')?.price).toBe(7.99);
    expect(findPlan('pro')).toBeUndefined();
    expect(findPlan(undefined)).toBeUndefined();
  });
});

describe('credit packs', () => {
  it('has the three packs', () => {
    expect(CREDIT_PACKS.map((p) => [p.id, p.name, p.credits, p.bonus, p.price])).toEqual([
      ['starter', 'Starter Pack', 5, 0, 4.99],
      ['creator', 'Creator Pack', 12, 2, 12.99],
      ['pro', 'Pro Pack', 25, 5, 24.99],
    ]);
  });

  it('counts the bonus in the total and the price per credit', () => {
    expect(CREDIT_PACKS.map(totalCredits)).toEqual([5, 14, 30]);
    expect(CREDIT_PACKS.map(pricePerCredit)).toEqual(['1.00', '0.93', '0.83']);
  });

  it('finds packs by id', () => {
    expect(findPack('creator')?.credits).toBe(12);
    expect(findPack('basic')).toBeUndefined();
    expect(findPack(null)).toBeUndefined();
  });
});

describe('formatPrice', () => {
  it.each([
    [0, '$0'],
    [7.99, '$7.99'],
    [12.99, '$12.99'],
    [5, '$5'],
    [4.5, '$4.50'],
  ])('%d → %s', (amount, text) => {
    expect(formatPrice(amount)).toBe(text);
  });
});

describe('planChange', () => {
  it('names what an upgrade adds and what grows', () => {
    const change = planChange(findPlan('basic')!, findPlan('premium')!);
    expect(change.gained.map((line) => line.id)).toEqual(['variations', 'custom-styles', 'art-direction']);
    expect(change.lost).toEqual([]);
    expect(change.changed.map(({ from, to }) => [from.text, to.text])).toEqual([
      ['30 images every month', '100 images every month'],
    ]);
  });

  it('names what a downgrade takes away, inherited lines included', () => {
    const change = planChange(findPlan('enterprise')!, findPlan('basic')!);
    expect(change.lost.map((line) => line.id)).toEqual([
      'variations',
      'custom-styles',
      'art-direction',
      'api-access',
      'priority',
      'team-management',
    ]);
    expect(change.gained).toEqual([]);
    expect(change.changed.map(({ to }) => to.text)).toEqual(['30 images every month']);
  });
});
