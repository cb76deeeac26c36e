import type { Me } from '../../core/api';
import { tierLabel } from '../../core/tiers';

/** The team a member works under, when their plan is the team's rather than their own. */
export function planSourceTeam(me: Me): NonNullable<Me['team']> | null {
  return me.team && me.team.role !== 'owner' ? me.team : null;
}

/** The plan as shown to its holder: "Enterprise", or "Enterprise via Acme" for a team member. */
export function planLabel(me: Me): string {
  const label = tierLabel(me.membership.tier);
  const team = planSourceTeam(me);
  return team ? `${label} via ${team.name}` : label;
}
