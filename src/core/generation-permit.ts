// "May this member make these pictures now, and what does each cost?" — one answer that the
// server enforces when Generate is clicked and the web app shows before it is (as
// core/image-access.ts answers who may see an image). The server's answer is the authority.
import { hasArtDirectionControls } from './art-direction';
import { checkVariations, type EntitlementInput } from './entitlement';
import { MESSAGES } from './messages';
import { hasCustomStyles, maxVariations } from './tiers';

export type GenerationAsk = EntitlementInput & {
  /** Pictures asked for in one request (variations; 1 unless the member asked for more). */
  count: number;
  /** A saved custom style is applied. */
  withStyle?: boolean;
  /** At least one art direction control is set (core/art-direction.ts). */
  withArtDirection?: boolean;
};

export type GenerationPermit =
  | { allowed: true /** Credits each picture uses, in order. */; costs: (0 | 1)[]; total: number }
  | {
      allowed: false;
      /** 403: the plan does not include it; 402: the allowance and credits do not cover it. */
      status: 402 | 403;
      code: string;
      message: string;
    };

/**
 * In order: a custom style needs a plan with styles, art direction a plan with its controls, more
 * than one picture a plan with variations,
 * then every picture must fit the month's allowance or a credit (checkVariations).
 */
export function generationPermit(ask: GenerationAsk): GenerationPermit {
  if (ask.withStyle && !hasCustomStyles(ask.tier)) {
    return { allowed: false, status: 403, code: 'premium_required', message: MESSAGES.stylesNeedPremium };
  }
  if (ask.withArtDirection && !hasArtDirectionControls(ask.tier)) {
    return {
      allowed: false,
      status: 403,
      code: 'premium_required',
      message: MESSAGES.artDirectionNeedsPremium,
    };
  }
  if (ask.count > maxVariations(ask.tier)) {
    return {
      allowed: false,
      status: 403,
      code: 'variations_need_premium',
      message: MESSAGES.variationsNeedPremium,
    };
  }
  const pictures = checkVariations(ask);
  if (!pictures.allowed)
    return { allowed: false, status: 402, code: pictures.code, message: pictures.message };
  return pictures;
}
