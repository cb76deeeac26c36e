import type { Me } from '../../../core/api';
import { describeVariationsCost } from '../../../core/entitlement';
import { generationPermit } from '../../../core/generation-permit';
import { MESSAGES } from '../../../core/messages';
import { DEFAULT_OPTIONS, type GenerationOptions } from '../../../core/options';
import { isPaidTier } from '../../../core/tiers';

/**
 * How the generator shows its premium options to this member (SPEC §5). Display only: the server
 * decides when Generate is clicked.
 * - paid tiers: every option open, nothing to say;
 * - free with a credit: open, with its price ('1 credit'), or 'Included…' once this picture
 *   spends a credit anyway (`creditInUse`: a premium option picked, or past the monthly limit);
 * - free with no credit: locked (dimmed, still focusable so the reason can be read), with
 *   '1 credit · Not enough credits'.
 */
export type PremiumGate = { locked: boolean; hint: string | null };

type Account = Pick<Me, 'membership' | 'credits'>;

export function premiumGate(account: Account | null, creditInUse = false): PremiumGate {
  if (!account) return { locked: false, hint: null };
  if (isPaidTier(account.membership.tier)) return { locked: false, hint: null };
  // One generation costs at most 1 credit: once it spends one, every premium option is included.
  if (account.credits >= 1)
    return { locked: false, hint: creditInUse ? MESSAGES.premiumTileIncluded : MESSAGES.premiumTileCost };
  return { locked: true, hint: MESSAGES.premiumTileLocked };
}

/** The 2-second message after picking a premium theme, or null when there is nothing to say. */
export function premiumThemeMessage(account: Account | null): string | null {
  if (!account || isPaidTier(account.membership.tier)) return null;
  if (account.credits >= 1) return MESSAGES.themeUsesCredit(account.credits);
  return MESSAGES.themeUpgrade;
}

export type CostLine = {
  text: string;
  /**
   * 'free' = included, 'credit' = uses 1 credit, 'refused' = the server will say no, so Generate
   * is disabled with this text as the reason (credits fix every refusal; a plan fixes most).
   */
  kind: 'free' | 'credit' | 'refused';
};

/** What the next Generate costs for `count` pictures (variations; 1 unless the member asked for more). */
export function costLine(account: Account, options: GenerationOptions, count = 1): CostLine {
  const input = {
    tier: account.membership.tier,
    imagesUsed: account.membership.imageCount,
    credits: account.credits,
    options,
    count,
  };
  // The same answer the server gives when Generate is clicked (core/generation-permit.ts).
  const result = generationPermit(input);
  if (!result.allowed)
    return { text: result.status === 403 ? result.message : describeVariationsCost(input), kind: 'refused' };
  const text = describeVariationsCost(input);
  return { text, kind: result.total > 0 ? 'credit' : 'free' };
}

/**
 * Are the art direction controls open to this member? Asked of the one permit with only art
 * direction at stake (no picture counted): it answers its 403 when the plan does not include them.
 */
export function artDirectionOpen(account: Pick<Me, 'membership'> | null): boolean {
  if (!account) return false;
  const answer = generationPermit({
    tier: account.membership.tier,
    imagesUsed: 0,
    credits: 0,
    options: DEFAULT_OPTIONS,
    count: 1,
    withArtDirection: true,
  });
  return answer.allowed || answer.message !== MESSAGES.artDirectionNeedsPremium;
}
