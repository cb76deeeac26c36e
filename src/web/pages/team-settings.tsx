import { LogOutIcon, MailPlusIcon, UsersRoundIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Me } from '../../core/api';
import { hasTeam, TEAM_SEATS, tierLabel } from '../../core/tiers';
import { FormAlert } from '../components/form-message';
import { PageContainer } from '../components/page-shell';
import { SettingsSubpageHeader } from '../components/settings-subpage-header';
import { ConfirmAction } from '../components/team/confirm-dialog';
import { InviteForm } from '../components/team/invite-form';
import { InvitationList, MemberList } from '../components/team/team-lists';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { CenteredSpinner, Spinner } from '../components/ui/spinner';
import { errorMessage } from '../lib/api';
import { useSession } from '../lib/session';
import { seatsTaken, type Team, useRemoveMember, useTeam } from '../lib/team';
import { toast } from '../lib/toast';

const TITLE = 'Team';

function Panel({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader className="border-b px-4 sm:px-6">
        <CardTitle as="h2" id={`${id}-title`} className="flex items-center gap-2">
          {title}
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="flex flex-col gap-4 px-4 pt-6 sm:px-6">{children}</CardContent>
    </Card>
  );
}

function seatsLine(used: number, seats: number) {
  return `${used} of ${seats} seats`;
}

/** The owner's view: the seats, the people, the open invitations and the form to invite. */
function OwnerView({ team, me }: { team: Team; me: Me }) {
  const used = seatsTaken(team);
  const waiting = team.invitations.length;
  return (
    <>
      <Panel
        id="team-overview"
        title={
          <>
            <UsersRoundIcon className="size-5 text-primary" aria-hidden="true" />
            {team.name}
          </>
        }
        description="You own this team: its members share your Enterprise plan, and only you invite and remove them."
      >
        <p>
          <span className="font-semibold text-lg" data-testid="team-seats">
            {seatsLine(used, team.seats)}
          </span>{' '}
          <span className="text-muted-foreground text-sm">
            used: {team.members.length} {team.members.length === 1 ? 'member' : 'members'}, you included
            {waiting > 0 ? `, and ${waiting} ${waiting === 1 ? 'invitation' : 'invitations'} waiting` : ''}.
          </span>
        </p>
        <MemberList members={team.members} teamName={team.name} canRemove selfId={me.user.id} />
      </Panel>

      <Panel
        id="team-invite"
        title={
          <>
            <MailPlusIcon className="size-5 text-primary" aria-hidden="true" />
            Invite a colleague
          </>
        }
        description="They join with the link in the e-mail, signed in with this address or after signing up with it."
      >
        <InviteForm
          seatsLeft={team.seats - used}
          invited={team.invitations.map((invitation) => invitation.email)}
          members={team.members.flatMap((member) => (member.email ? [member.email] : []))}
        />
        <section aria-labelledby="team-invitations-title" className="flex flex-col gap-3">
          <h3 id="team-invitations-title" className="font-semibold">
            Pending invitations
          </h3>
          <InvitationList invitations={team.invitations} />
        </section>
      </Panel>
    </>
  );
}

function LeaveTeam({ team, me }: { team: Team; me: Me }) {
  const leave = useRemoveMember();
  const { refresh } = useSession();
  return (
    <ConfirmAction
      trigger={
        <Button variant="outline" className="self-start">
          <LogOutIcon aria-hidden="true" />
          Leave team
        </Button>
      }
      title={`Leave ${team.name}?`}
      description={`You go back to your own plan (${tierLabel('free')} unless you subscribe) at once, and the API keys you made on the team's plan stop working. Your pictures stay yours. To come back, ask the owner for a new invitation.`}
      confirmLabel="Leave team"
      keepLabel="Stay"
      pending={leave.isPending}
      error={leave.error}
      onClosed={() => leave.reset()}
      onConfirm={async () => {
        try {
          await leave.mutateAsync(me.user.id);
          await refresh();
          toast.success(`You left ${team.name}`, { id: 'team-left' });
          return true;
        } catch {
          return false;
        }
      }}
    />
  );
}

/** A member's view: the team, its owner and people, and the way out. */
function MemberView({ team, me }: { team: Team; me: Me }) {
  const owner = team.members.find((member) => member.role === 'owner');
  return (
    <Panel
      id="team-overview"
      title={
        <>
          <UsersRoundIcon className="size-5 text-primary" aria-hidden="true" />
          {team.name}
        </>
      }
      description={`You work on ${tierLabel('enterprise')} via ${team.name}. Your pictures, history and credits stay your own.`}
    >
      {owner && (
        <p className="text-sm">
          Owner: <span className="font-medium">{owner.name || owner.email}</span>{' '}
          <span className="text-muted-foreground">(invites and removes members, and pays for the plan)</span>
        </p>
      )}
      <MemberList members={team.members} teamName={team.name} canRemove={false} selfId={me.user.id} />
      <LeaveTeam team={team} me={me} />
    </Panel>
  );
}

/** No team yet: an Enterprise member starts one by inviting; below Enterprise, one line on where teams come from. */
function NoTeam({ me }: { me: Me }) {
  if (!hasTeam(me.membership.tier)) {
    return (
      <FormAlert variant="info">
        <span data-testid="team-upsell">
          Team management comes with {tierLabel('enterprise')}: {TEAM_SEATS} seats, you included.{' '}
          <Link to="/pricing" className="font-medium underline">
            See the plans
          </Link>
        </span>
      </FormAlert>
    );
  }
  return (
    <Panel
      id="team-invite"
      title={
        <>
          <MailPlusIcon className="size-5 text-primary" aria-hidden="true" />
          Invite a colleague
        </>
      }
      description={`Your ${tierLabel('enterprise')} plan has ${TEAM_SEATS} seats, you included: invite colleagues to share it.`}
    >
      <p data-testid="team-seats" className="font-semibold text-lg">
        {seatsLine(1, TEAM_SEATS)}
      </p>
      <InviteForm seatsLeft={TEAM_SEATS - 1} />
    </Panel>
  );
}

export default function TeamSettingsPage() {
  const { me } = useSession();
  // Below Enterprise and on no team there is nothing to ask the server: the page says where teams come from.
  const mayHaveTeam = Boolean(me && (me.team || hasTeam(me.membership.tier)));
  const team = useTeam(mayHaveTeam);

  if (!me) return <CenteredSpinner label="Checking your session" />;

  return (
    <PageContainer size="md">
      <SettingsSubpageHeader title={TITLE}>
        A team shares one {tierLabel('enterprise')} plan: {TEAM_SEATS} seats, the owner included.
      </SettingsSubpageHeader>

      <div className="mt-8 flex flex-col gap-8">
        {!mayHaveTeam && <NoTeam me={me} />}
        {mayHaveTeam && team.isPending && <Spinner className="size-6" label="Loading your team" />}
        {mayHaveTeam && team.isError && (
          <FormAlert>
            {errorMessage(team.error)}{' '}
            <Button variant="link" className="h-auto p-0" onClick={() => team.refetch()}>
              Try again
            </Button>
          </FormAlert>
        )}
        {mayHaveTeam &&
          team.data &&
          (team.data.team === null ? (
            <NoTeam me={me} />
          ) : team.data.team.role === 'owner' ? (
            <OwnerView team={team.data.team} me={me} />
          ) : (
            <MemberView team={team.data.team} me={me} />
          ))}
      </div>
    </PageContainer>
  );
}
