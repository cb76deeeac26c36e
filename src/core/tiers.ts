import { FULL_RESOLUTION, MAX_VARIATIONS, STANDARD_RESOLUTION } from './constants';

export const TIERS = ['free', 'basic', 'premium', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

const MONTHLY_IMAGE_LIMITS: Record<Tier, number | null> = {
  free: 3,
  basic: 30,
  premium: 100,
  // DESIGN: enterprise is truly unlimited; the spec's "internal 1000" is dropped.
  enterprise: null,
};

const TIER_LABELS: Record<Tier, string> = {
  free: 'Free',
  basic: 'Basic',
  premium: 'Premium',
  enterprise: 'Enterprise',
};

export function isTier(value: unknown): value is Tier {
  return typeof value === 'string' && (TIERS as readonly string[]).includes(value);
}

/** Images a member may make per calendar month (UTC); `null` means unlimited. */
export function monthlyImageLimit(tier: Tier): number | null {
  return MONTHLY_IMAGE_LIMITS[tier];
}

export function isPaidTier(tier: Tier): boolean {
  return tier !== 'free';
}

/**
 * Maps a stored plan id (or Stripe price mapping) to a tier. The spec names the middle
 * paid tier both "pro" and "premium"; both mean premium. Anything unknown is free, so a
 * bad row can never grant more than the free allowance.
 */
export function tierFromPlanId(id: string | null | undefined): Tier {
  const key = (id ?? '').trim().toLowerCase();
  if (key === 'pro') return 'premium';
  return isTier(key) ? key : 'free';
}

export function tierLabel(tier: Tier): string {
  return TIER_LABELS[tier];
}

/** How many pictures one request may ask for on this plan: several on Premium and Enterprise, else 1. */
export function maxVariations(tier: Tier): number {
  return tier === 'premium' || tier === 'enterprise' ? MAX_VARIATIONS : 1;
}

/** API keys and the REST API (/api/v1) are Enterprise's. */
export function hasApiAccess(tier: Tier): boolean {
  return tier === 'enterprise';
}

/** Seats of an Enterprise team, the owner's included (pending invitations hold a seat). */
export const TEAM_SEATS = 5;

/** Owning a team (inviting colleagues who share the plan) is Enterprise's. */
export function hasTeam(tier: Tier): boolean {
  return tier === 'enterprise';
}

/** How long a team invitation link works. */
export const TEAM_INVITATION_DAYS = 7;

/** Saved custom styles a member may keep at once. */
export const CUSTOM_STYLE_LIMIT = 20;

/**
 * Saving and using custom styles is a Premium extra (Enterprise includes it). A member who drops
 * below keeps what they saved but cannot use it until they come back.
 */
export function hasCustomStyles(tier: Tier): boolean {
  return tier === 'premium' || tier === 'enterprise';
}

/** The largest download a plan gives, in px: Free's standard resolution, full resolution from Basic. */
const MAX_DOWNLOAD_SIZES: Record<Tier, number> = {
  free: STANDARD_RESOLUTION,
  basic: FULL_RESOLUTION,
  premium: FULL_RESOLUTION,
  enterprise: FULL_RESOLUTION,
};

/**
 * The largest square download a member on this tier may take (visitors count as Free). Checked at
 * download time, so a member who upgrades gets the larger sizes of every earlier picture.
 */
export function maxDownloadSize(tier: Tier): number {
  return MAX_DOWNLOAD_SIZES[tier];
}

/** The first plan whose downloads reach this size (null when none does). */
export function tierForDownloadSize(size: number): Tier | null {
  return TIERS.find((tier) => maxDownloadSize(tier) >= size) ?? null;
}

/**
 * Refusal of a download larger than the asker's plan gives, naming the plan that opens it. An SVG
 * is a vector on every plan (its size only sets its width and height), so it is never refused.
 */
export function downloadSizeRefusal(tier: Tier, request: { format: string; size: number }): string | null {
  const { size } = request;
  if (request.format === 'svg' || size <= maxDownloadSize(tier)) return null;
  const opens = tierForDownloadSize(size);
  const limit = `${tierLabel(tier)} downloads up to ${maxDownloadSize(tier)} px`;
  return opens ? `${limit}: ${size} px needs the ${tierLabel(opens)} plan or above.` : `${limit}.`;
}
