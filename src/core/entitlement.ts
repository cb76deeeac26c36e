import { MESSAGES } from './messages';
import { type GenerationOptions, type Privacy, usesPremiumOptions } from './options';
import { isPaidTier, monthlyImageLimit, type Tier } from './tiers';

export type EntitlementInput = {
  tier: Tier;
  /** Images already counted this month (before the one being asked for). */
  imagesUsed: number;
  credits: number;
  options: GenerationOptions;
};

export type EntitlementReason = 'included' | 'premium-credit' | 'over-limit-credit';
export type EntitlementRefusalCode = 'premium_requires_credit' | 'monthly_limit_reached';

export type EntitlementAllowed = { allowed: true; cost: 0 | 1; reason: EntitlementReason };
export type EntitlementRefused = { allowed: false; code: EntitlementRefusalCode; message: string };
export type Entitlement = EntitlementAllowed | EntitlementRefused;

const INCLUDED: EntitlementAllowed = { allowed: true, cost: 0, reason: 'included' };

function hasCredit(credits: number): boolean {
  return Number.isFinite(credits) && credits >= 1;
}

/**
 * Whether a member may generate one image now, and what it costs. The server enforces it
 * inside the reserving transaction; the UI calls the same function only to explain.
 *
 * Precedence, checked in this order:
 * 1. Enterprise: never limited, premium options included → free.
 * 2. At or over the monthly limit:
 *    - paid tier → refused with the paid limit message (credits do not buy past a paid limit);
 *    - free tier with a credit → 1 credit ('over-limit-credit'); that same credit also covers any
 *      premium options, because one generation never costs more than 1 credit;
 *    - free tier without credits → refused with the free limit message, even when premium options
 *      were asked for: the limit is the blocker the user must solve first, and the message already
 *      says credits would help.
 * 3. Below the limit:
 *    - paid tier → free, premium options included;
 *    - free tier with premium options → 1 credit ('premium-credit') or refused with
 *      'You need 1 credit to use premium features';
 *    - free tier with plain options → free.
 */
export function checkEntitlement(input: EntitlementInput): Entitlement {
  const { tier, imagesUsed, credits, options } = input;
  const limit = monthlyImageLimit(tier);
  const paid = isPaidTier(tier);

  if (limit === null) return INCLUDED;

  if (imagesUsed >= limit) {
    if (paid) {
      return { allowed: false, code: 'monthly_limit_reached', message: MESSAGES.limitReachedPaid(limit) };
    }
    if (hasCredit(credits)) return { allowed: true, cost: 1, reason: 'over-limit-credit' };
    return { allowed: false, code: 'monthly_limit_reached', message: MESSAGES.limitReachedFree(limit) };
  }

  if (paid || !usesPremiumOptions(options)) return INCLUDED;
  if (hasCredit(credits)) return { allowed: true, cost: 1, reason: 'premium-credit' };
  return { allowed: false, code: 'premium_requires_credit', message: MESSAGES.premiumRequiresCredit };
}

export type PrivacyChangeInput = {
  tier: Tier;
  credits: number;
  to: Privacy;
  /** The image's current privacy; when it already equals `to`, nothing is charged. */
  from?: Privacy;
};

/**
 * Making an existing image private is a premium option like choosing private at generation:
 * paid tiers free, a free member pays 1 credit. Making it public is always free. Monthly
 * limits do not apply: no image is generated.
 */
export function checkPrivacyChange(input: PrivacyChangeInput): Entitlement {
  const { tier, credits, to, from } = input;
  if (to === 'public' || from === to || isPaidTier(tier)) return INCLUDED;
  if (hasCredit(credits)) return { allowed: true, cost: 1, reason: 'premium-credit' };
  return { allowed: false, code: 'premium_requires_credit', message: MESSAGES.premiumRequiresCredit };
}

/**
 * The cost line shown before Generate: 'Free — 2 of 3 left this month', 'Free — unlimited',
 * 'Uses 1 credit', or the refusal message. "Left" counts images remaining before this one,
 * matching the dashboard's 'You have N generations left this month.'
 */
export function describeCost(input: EntitlementInput): string {
  const result = checkEntitlement(input);
  if (!result.allowed) return result.message;
  if (result.cost === 1) return 'Uses 1 credit';
  const limit = monthlyImageLimit(input.tier);
  if (limit === null) return 'Free — unlimited';
  const left = Math.max(0, limit - Math.max(0, input.imagesUsed));
  return `Free — ${left} of ${limit} left this month`;
}

/** Images left this month, or null when unlimited. */
export function imagesLeft(tier: Tier, imagesUsed: number): number | null {
  const limit = monthlyImageLimit(tier);
  return limit === null ? null : Math.max(0, limit - Math.max(0, imagesUsed));
}
