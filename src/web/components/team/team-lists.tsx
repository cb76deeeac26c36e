import { MailIcon, RotateCwIcon, UserMinusIcon, XIcon } from 'lucide-react';
import { errorMessage } from '../../lib/api';
import {
  ROLE_LABELS,
  type TeamInvitation,
  type TeamMember,
  useRemoveMember,
  useResendInvitation,
  useRevokeInvitation,
} from '../../lib/team';
import { toast } from '../../lib/toast';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { ConfirmAction } from './confirm-dialog';
import { teamDate } from './team-dates';

function RemoveMember({ member, teamName }: { member: TeamMember; teamName: string }) {
  const remove = useRemoveMember();
  const who = member.name || member.email || 'this member';
  return (
    <ConfirmAction
      trigger={
        <Button variant="outline" size="sm" aria-label={`Remove ${who}`}>
          <UserMinusIcon aria-hidden="true" />
          Remove
        </Button>
      }
      title={`Remove ${who} from ${teamName}?`}
      description={`${who} goes back to their own plan at once, and the API keys they made on the team's plan stop working. Their pictures stay theirs. You can invite them again later.`}
      confirmLabel="Remove member"
      keepLabel="Keep them"
      pending={remove.isPending}
      error={remove.error}
      onClosed={() => remove.reset()}
      onConfirm={async () => {
        try {
          await remove.mutateAsync(member.userId);
          toast.success(`${who} is no longer on ${teamName}`, { id: 'team-member-removed' });
          return true;
        } catch {
          return false;
        }
      }}
    />
  );
}

/** The team's people: name, e-mail (the owner sees them), role and the day they joined. */
export function MemberList({
  members,
  teamName,
  canRemove,
  selfId,
}: {
  members: TeamMember[];
  teamName: string;
  /** The owner's view: a Remove button beside everyone but the owner. */
  canRemove: boolean;
  selfId: string;
}) {
  return (
    <ul className="divide-y rounded-lg border" aria-label="Team members">
      {members.map((member) => (
        <li
          key={member.userId}
          className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              <span className="truncate">{member.name || member.email}</span>
              {member.userId === selfId && <span className="text-muted-foreground text-sm">(you)</span>}
              <Badge variant={member.role === 'owner' ? 'default' : 'secondary'}>
                {ROLE_LABELS[member.role] ?? member.role}
              </Badge>
            </p>
            {member.email && member.name && (
              <p className="mt-1 truncate text-muted-foreground text-sm">{member.email}</p>
            )}
            <p className="mt-1 text-muted-foreground text-xs">Joined {teamDate(member.joinedAt)}</p>
          </div>
          {canRemove && member.role !== 'owner' && <RemoveMember member={member} teamName={teamName} />}
        </li>
      ))}
    </ul>
  );
}

function InvitationRow({ invitation }: { invitation: TeamInvitation }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const busy = resend.isPending || revoke.isPending;
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex items-center gap-2 font-medium">
          <MailIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="truncate">{invitation.email}</span>
        </p>
        <p className="mt-1 text-muted-foreground text-xs">
          Link works until {teamDate(invitation.expiresAt)}
        </p>
      </div>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          aria-label={`Resend the invitation to ${invitation.email}`}
          onClick={() =>
            resend.mutate(invitation, {
              onSuccess: () =>
                toast.success(`A new invitation is on its way to ${invitation.email}`, {
                  id: 'team-invitation-resent',
                }),
              onError: (error) => toast.error(errorMessage(error), { id: 'team-invitation-resent' }),
            })
          }
        >
          <RotateCwIcon aria-hidden="true" />
          Resend
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          aria-label={`Revoke the invitation to ${invitation.email}`}
          onClick={() =>
            revoke.mutate(invitation.id, {
              onSuccess: () =>
                toast.success(`The invitation to ${invitation.email} no longer works`, {
                  id: 'team-invitation-revoked',
                }),
              onError: (error) => toast.error(errorMessage(error), { id: 'team-invitation-revoked' }),
            })
          }
        >
          <XIcon aria-hidden="true" />
          Revoke
        </Button>
      </div>
    </li>
  );
}

export function InvitationList({ invitations }: { invitations: TeamInvitation[] }) {
  if (invitations.length === 0) {
    return <p className="text-muted-foreground text-sm">No invitations are waiting for an answer.</p>;
  }
  return (
    <ul className="divide-y rounded-lg border" aria-label="Pending invitations">
      {invitations.map((invitation) => (
        <InvitationRow key={invitation.id} invitation={invitation} />
      ))}
    </ul>
  );
}
