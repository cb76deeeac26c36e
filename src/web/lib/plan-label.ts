import type { Me } from '../../core/api';
import { tierLabel } from '../../core/tiers';

/** The signed-in person's team as /api/me gives it (null when on no team). */
export type MeTeam = { id: string; name: string; role: string };

export function meTeam(me: Me): MeTeam | null {
  return (me as Me & { team?: MeTeam | null }).team ?? null;
}

/** The team a member works under, when their plan is the team's rather than their own. */
export function planSourceTeam(me: Me): MeTeam | null {
  const team = meTeam(me);
  return team && team.role !== 'owner' ? team : null;
}

/** The plan as shown to its holder: "Enterprise", or "Enterprise via Acme" for a team member. */
export function planLabel(me: Me): string {
  const label = tierLabel(me.membership.tier);
  const team = planSourceTeam(me);
  return team ? `${label} via ${team.name}` : label;
}

// TODO(team-server merge): replace with core's constant.
export const TEAM_SEATS = 5;
