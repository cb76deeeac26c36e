import { MAX_VARIATIONS } from './constants';
import { maxDownloadSize, monthlyImageLimit, TEAM_SEATS, TIERS, type Tier } from './tiers';

/**
 * What a plan sells, one line each. The id is stable (tests walk it: tests/plans/plan-features.test.ts
 * asserts the product does each line for its plan, and, where the line is exclusive, not below it);
 * the text is what /pricing, the FAQ and the landing page show. A line is listed only once it is
 * built (decision 018).
 */
export type PlanFeatureId =
  | 'monthly-images'
  | 'resolution'
  | 'explore-search-sort'
  | 'premium-options'
  | 'private-pictures'
  | 'advanced-prompts'
  | 'variations'
  | 'custom-styles'
  | 'art-direction'
  | 'api-access'
  | 'priority'
  | 'team-management';

export type PlanFeature = { id: PlanFeatureId; text: string };

/**
 * Lines a plan also gives to every plan above it (the others, monthly images and resolution, are
 * a value of each plan's own).
 */
export const INHERITED_FEATURES: readonly PlanFeatureId[] = [
  'explore-search-sort',
  'premium-options',
  'private-pictures',
  'advanced-prompts',
  'variations',
  'custom-styles',
  'art-direction',
  'api-access',
  'priority',
  'team-management',
];

function monthlyLine(tier: Tier): PlanFeature {
  const limit = monthlyImageLimit(tier);
  return {
    id: 'monthly-images',
    text: limit === null ? 'Unlimited images every month' : `${limit} images every month`,
  };
}

function resolutionLine(tier: Tier): PlanFeature {
  const px = maxDownloadSize(tier);
  const name = tier === 'free' ? 'Standard resolution' : 'Full resolution';
  return { id: 'resolution', text: `${name}: downloads up to ${px} px` };
}

export type Plan = {
  id: Tier;
  name: string;
  /** Monthly price in USD. */
  price: number;
  features: PlanFeature[];
  imagesPerMonth: number | null;
  tier: Tier;
};

export type CreditPackId = 'starter' | 'creator' | 'pro';

export type CreditPack = {
  id: CreditPackId;
  name: string;
  credits: number;
  bonus: number;
  /** One-off price in USD. */
  price: number;
};

// Every paid plan is bought the same way (a monthly subscription); Free needs no purchase.
export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    price: 0,
    features: [
      monthlyLine('free'),
      resolutionLine('free'),
      { id: 'explore-search-sort', text: 'Explore gallery with search and sort' },
    ],
    imagesPerMonth: monthlyImageLimit('free'),
    tier: 'free',
  },
  {
    id: 'basic',
    name: 'Basic',
    price: 7.99,
    features: [
      monthlyLine('basic'),
      resolutionLine('basic'),
      { id: 'premium-options', text: 'Premium themes and Triple Validation included' },
      { id: 'private-pictures', text: 'Private pictures included' },
      { id: 'advanced-prompts', text: 'Advanced prompts: Suggest turns your idea into 3 richer prompts' },
    ],
    imagesPerMonth: monthlyImageLimit('basic'),
    tier: 'basic',
  },
  {
    id: 'premium',
    name: 'Premium',
    price: 12.99,
    features: [
      monthlyLine('premium'),
      { id: 'variations', text: `Up to ${MAX_VARIATIONS} variations at once` },
      { id: 'custom-styles', text: 'Custom styles' },
      {
        id: 'art-direction',
        text: 'Art direction controls: composition, outline, colours, background, viewpoint',
      },
    ],
    imagesPerMonth: monthlyImageLimit('premium'),
    tier: 'premium',
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 24.99,
    features: [
      monthlyLine('enterprise'),
      { id: 'api-access', text: 'API access' },
      { id: 'priority', text: 'Priority rendering' },
      { id: 'team-management', text: `Team management: ${TEAM_SEATS} seats, yours included` },
    ],
    imagesPerMonth: monthlyImageLimit('enterprise'),
    tier: 'enterprise',
  },
];

export const CREDIT_PACKS: readonly CreditPack[] = [
  { id: 'starter', name: 'Starter Pack', credits: 5, bonus: 0, price: 4.99 },
  { id: 'creator', name: 'Creator Pack', credits: 12, bonus: 2, price: 12.99 },
  { id: 'pro', name: 'Pro Pack', credits: 25, bonus: 5, price: 24.99 },
];

/** Credits a purchase adds to the balance, bonus included. */
export function totalCredits(pack: CreditPack): number {
  return pack.credits + pack.bonus;
}

/** Price per credit, bonus included, as a 2-decimal string ('0.93'). */
export function pricePerCredit(pack: CreditPack): string {
  return (pack.price / totalCredits(pack)).toFixed(2);
}

/** '$7.99', '$0' — whole amounts drop the cents, as on the pricing cards. */
export function formatPrice(amount: number): string {
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}

export function findPlan(id: string | null | undefined): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

export function findPack(id: string | null | undefined): CreditPack | undefined {
  return CREDIT_PACKS.find((pack) => pack.id === id);
}

/** The first (cheapest) plan that lists this feature, if any does. */
export function planOpening(id: PlanFeatureId): Plan | undefined {
  return PLANS.find((plan) => planFeature(plan, id) !== undefined);
}

/**
 * Does a member on this tier get a line a plan gives to the plans above it too? The list decides:
 * the plan that lists it, and every plan above. (Lines that are each plan's own value, monthly
 * images and resolution, have their own rules in tiers.ts.)
 */
export function tierIncludes(tier: Tier, id: PlanFeatureId): boolean {
  const opening = planOpening(id);
  if (!opening || !INHERITED_FEATURES.includes(id)) return false;
  return TIERS.indexOf(tier) >= TIERS.indexOf(opening.tier);
}

/** The line of a plan for this feature, if the plan lists it. */
export function planFeature(plan: Plan, id: PlanFeatureId): PlanFeature | undefined {
  return plan.features.find((feature) => feature.id === id);
}

/** 'Free downloads up to 1024 px; Basic and above up to 2048 px.' (from maxDownloadSize). */
export function resolutionByPlan(): string {
  const steps = PLANS.filter(
    (plan, i) => i === 0 || maxDownloadSize(plan.tier) > maxDownloadSize(PLANS[i - 1].tier),
  );
  const parts = steps.map((plan, i) => {
    const who = i === 0 ? plan.name : `${plan.name} and above`;
    return `${who} ${i === 0 ? 'downloads ' : ''}up to ${maxDownloadSize(plan.tier)} px`;
  });
  return `${parts.join('; ')}.`;
}

/** Every line a plan gives: its own, and those it inherits from the plans below it. */
export function planLines(plan: Plan): PlanFeature[] {
  const lines = new Map<PlanFeatureId, PlanFeature>();
  for (const each of PLANS.slice(0, PLANS.indexOf(plan) + 1)) {
    // Lines with the same id are one line whose value the higher plan sets (monthly images).
    for (const feature of each.features) lines.set(feature.id, feature);
  }
  return [...lines.values()];
}

export type PlanChange = {
  from: Plan;
  to: Plan;
  /** Lines the new plan adds. */
  gained: PlanFeature[];
  /** Lines the member stops having. */
  lost: PlanFeature[];
  /** Lines whose value changes, e.g. 30 → 100 images every month. */
  changed: { from: PlanFeature; to: PlanFeature }[];
};

/** What switching from one plan to another changes, line by line (the pricing page's confirmation). */
export function planChange(from: Plan, to: Plan): PlanChange {
  const before = new Map(planLines(from).map((line) => [line.id, line]));
  const after = new Map(planLines(to).map((line) => [line.id, line]));
  const change: PlanChange = { from, to, gained: [], lost: [], changed: [] };
  for (const [id, line] of after) {
    const old = before.get(id);
    if (!old) change.gained.push(line);
    else if (old.text !== line.text) change.changed.push({ from: old, to: line });
  }
  for (const [id, line] of before) if (!after.has(id)) change.lost.push(line);
  return change;
}
