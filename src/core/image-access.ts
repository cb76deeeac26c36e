// Who may see an image and what changing its privacy costs: the one home of these rules. The
// server (images feature, generation pipeline, share page, file routes) and the web app (history
// actions, share page) ask these functions; nothing else compares privacy to decide access or cost.
import { MESSAGES } from './messages';
import type { Privacy } from './options';
import { isPaidTier, type Tier } from './tiers';

/** The parts of an image the rules look at. */
export type ImageAccessFacts = { ownerId: string; privacy: Privacy };

/** Public images are for everyone: the Explore gallery, share links, long public caching. */
export function isVisibleToEveryone(image: Pick<ImageAccessFacts, 'privacy'>): boolean {
  return image.privacy === 'public';
}

/**
 * How a viewer sees an image:
 * - 'everyone': public, anyone (signed in or not) may open its page and files;
 * - 'owner-only': private, and this viewer is its owner (the share page says "only you");
 * - 'hidden': private and someone else (or nobody signed in): answer 404, never 403, so an id
 *   reveals nothing.
 */
export type ImageVisibility = 'everyone' | 'owner-only' | 'hidden';

export function imageVisibility(opts: { image: ImageAccessFacts; viewerId: string | null }): ImageVisibility {
  if (isVisibleToEveryone(opts.image)) return 'everyone';
  return opts.viewerId !== null && opts.viewerId === opts.image.ownerId ? 'owner-only' : 'hidden';
}

export function canViewImage(opts: { image: ImageAccessFacts; viewerId: string | null }): boolean {
  return imageVisibility(opts) !== 'hidden';
}

/**
 * Whether a newly generated image's privacy counts as paid. Choosing Private at generation is a
 * premium option the generation's entitlement already covered (a paid plan, or the 1 credit the
 * generation cost), so a private image starts paid; a public one does not.
 */
export function privacyPaidAtGeneration(privacy: Privacy): boolean {
  return privacy === 'private';
}

export type PrivacyMember = { tier: Tier; credits: number };

export type PrivacyChangeReason =
  /** Nothing to change: the image already has that privacy. */
  | 'unchanged'
  /** Making an image public is always free. */
  | 'public-free'
  /** Its privacy was paid for before (at generation or by an earlier change). */
  | 'already-paid'
  /** A paid plan includes private images. */
  | 'plan-included'
  /** A free member pays 1 credit, once for this image. */
  | 'credit';

export type PrivacyChangeAllowed = {
  allowed: true;
  cost: 0 | 1;
  reason: PrivacyChangeReason;
  /** Whether the image's privacy counts as paid after this change (stored with the image). */
  paidAfter: boolean;
};
export type PrivacyChangeRefused = { allowed: false; code: 'privacy_requires_credit'; message: string };
export type PrivacyChangeCost = PrivacyChangeAllowed | PrivacyChangeRefused;

/**
 * What changing an image's privacy to `to` costs this member. R1: an image's privacy is paid for
 * at most once: once paid (at generation or by a change) it switches freely both ways. R2: a free
 * member making an unpaid public image private pays 1 credit, once; with no credit it is refused
 * and nothing changes. A paid plan includes private images, and that counts as paid too, so the
 * image stays free to switch after a downgrade. Monthly limits do not apply: nothing is generated.
 */
export function privacyChangeCost(input: {
  image: { privacy: Privacy };
  to: Privacy;
  member: PrivacyMember;
  alreadyPaid: boolean;
}): PrivacyChangeCost {
  const { image, to, member, alreadyPaid } = input;
  if (image.privacy === to) return { allowed: true, cost: 0, reason: 'unchanged', paidAfter: alreadyPaid };
  if (to === 'public') return { allowed: true, cost: 0, reason: 'public-free', paidAfter: alreadyPaid };
  if (alreadyPaid) return { allowed: true, cost: 0, reason: 'already-paid', paidAfter: true };
  if (isPaidTier(member.tier)) return { allowed: true, cost: 0, reason: 'plan-included', paidAfter: true };
  if (Number.isFinite(member.credits) && member.credits >= 1) {
    return { allowed: true, cost: 1, reason: 'credit', paidAfter: true };
  }
  return { allowed: false, code: 'privacy_requires_credit', message: MESSAGES.privacyRequiresCredit };
}
