// The plan in force: one pure rule that the server enforces and the web app shows.
import { planLapsesAt, subscriptionAccess } from './subscription';
import type { Tier } from './tiers';

/**
 * What a stored membership says; `periodEnd` is when the paid period ends (null: no end).
 * `team` is the membership of the owner of the member's Enterprise team, if they belong to one.
 */
export type MembershipState = {
  tier: Tier;
  status: string;
  periodEnd: Date | null;
  team?: Omit<MembershipState, 'team'> | null;
};

/**
 * The tier a membership grants at `now`. Its status is its subscription's ('active' for Free, the
 * test checkout and plans set by an operator, whose plan has no period end and does not lapse). A
 * paid plan whose period ended more than the renewal grace ago (RENEWAL_GRACE_DAYS) counts as Free
 * until a renewal arrives, whatever its stored tier. No membership at all is Free. A member of an
 * Enterprise team has Enterprise while the team owner's own membership grants it (decision 019).
 */
export function tierAt(membership: MembershipState | null | undefined, now: Date = new Date()): Tier {
  // A team member generates under the team's plan while its owner's Enterprise is in force.
  if (membership?.team && ownTierAt(membership.team, now) === 'enterprise') return 'enterprise';
  return ownTierAt(membership, now);
}

function ownTierAt(membership: Omit<MembershipState, 'team'> | null | undefined, now: Date): Tier {
  if (!membership || !subscriptionAccess(membership.status).grantsPlan) return 'free';
  const { tier, periodEnd } = membership;
  if (tier !== 'free' && periodEnd && planLapsesAt(periodEnd).getTime() <= now.getTime()) return 'free';
  return tier;
}
