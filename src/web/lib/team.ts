import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api';
import { ME_QUERY_KEY } from './session';

/** The answers of /api/team (docs: issue 33's route shapes). */
export type TeamRole = 'owner' | 'admin' | 'member';
export type TeamMember = { userId: string; email: string; name: string; role: TeamRole; joinedAt: string };
export type TeamInvitation = { id: string; email: string; expiresAt: string };
export type Team = {
  id: string;
  name: string;
  seats: number;
  role: TeamRole;
  members: TeamMember[];
  invitations: TeamInvitation[];
};

export const TEAM_QUERY_KEY = ['team'] as const;

export function useTeam(enabled = true) {
  return useQuery({
    queryKey: TEAM_QUERY_KEY,
    queryFn: ({ signal }) => api.get<{ team: Team | null }>('/api/team', { signal }),
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

/**
 * A new mail with a new link and a fresh 7 days: the old invitation is withdrawn and the same address
 * invited again (the old link stops working, so only the newest mail counts).
 */
export function useResendInvitation() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: async (invitation: TeamInvitation) => {
      await api.delete<null>(`/api/team/invitations/${encodeURIComponent(invitation.id)}`);
      return api.post<TeamInvitation>('/api/team/invitations', { email: invitation.email });
    },
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

export const ROLE_LABELS: Record<TeamRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };
