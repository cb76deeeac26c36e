import { monthlyImageLimit, type Tier } from './tiers';

export type Plan = {
  id: Tier;
  name: string;
  /** Monthly price in USD. */
  price: number;
  features: string[];
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
    features: ['3 clips/month', 'Basic prompts', 'Standard resolution'],
    imagesPerMonth: monthlyImageLimit('free'),
    tier: 'free',
  },
  {
    id: 'basic',
    name: 'Basic',
    price: 7.99,
    features: ['30 clips/month', 'Advanced prompts', 'Triple Validation'],
    imagesPerMonth: monthlyImageLimit('basic'),
    tier: 'basic',
  },
  {
    id: 'premium',
    name: 'Premium',
    price: 12.99,
    features: ['100 clips/month', 'Expert prompts', 'Sortable Explore gallery', 'Custom styles'],
    imagesPerMonth: monthlyImageLimit('premium'),
    tier: 'premium',
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 24.99,
    features: ['Unlimited', 'API access', 'Team management', 'Priority rendering'],
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
