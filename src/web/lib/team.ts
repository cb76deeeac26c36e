import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Team, TeamAnswer, TeamInvitation, TeamRole } from '../../core/api';
import { api } from './api';
import { ME_QUERY_KEY } from './session';

export type { Team, TeamInvitation, TeamMember } from '../../core/api';

export const TEAM_QUERY_KEY = ['team'] as const;

export function useTeam(enabled = true) {
  return useQuery({
    queryKey: TEAM_QUERY_KEY,
    queryFn: ({ signal }) => api.get<TeamAnswer>('/api/team', { signal }),
    enabled,
  });
}

/** After any change the team and the session (its plan, its team) are read again. */
function useRefreshTeam() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: TEAM_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
    ]);
}

export function useInvite() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (email: string) => api.post<TeamInvitation>('/api/team/invitations', { email }),
    onSuccess: refresh,
  });
}

export function useRevokeInvitation() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/api/team/invitations/${encodeURIComponent(id)}`),
    onSuccess: refresh,
  });
}

/** A new mail with a fresh link for an invitation still pending: inviting the same address again. */
export function useResendInvitation() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (invitation: TeamInvitation) =>
      api.post<TeamInvitation>('/api/team/invitations', { email: invitation.email }),
    onSettled: refresh,
  });
}

/** The owner removes a member, or a member removes themself (leaving). */
export function useRemoveMember() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (userId: string) => api.delete<null>(`/api/team/members/${encodeURIComponent(userId)}`),
    onSuccess: refresh,
  });
}

export function useJoinTeam() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (token: string) => api.post<{ team: Team }>('/api/team/join', { token }),
    onSuccess: refresh,
  });
}

/** Seats taken: the members, and the invitations still open (each holds a seat until answered). */
export function seatsTaken(team: Pick<Team, 'members' | 'invitations'>): number {
  return team.members.length + team.invitations.length;
}

export const ROLE_LABELS: Record<TeamRole, string> = { owner: 'Owner', member: 'Member' };
