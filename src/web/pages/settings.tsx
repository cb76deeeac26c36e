import {
  ArchiveIcon,
  CreditCardIcon,
  KeyRoundIcon,
  LockKeyholeIcon,
  type LucideIcon,
  PaletteIcon,
  ShieldAlertIcon,
  UserRoundIcon,
  UsersRoundIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Me } from '../../core/api';
import { hasApiAccess, hasCustomStyles, hasTeam, TEAM_SEATS, tierLabel } from '../../core/tiers';
import { ChangePassword } from '../components/account/change-password';
import { DeleteAccount } from '../components/account/delete-account';
import { DownloadData } from '../components/account/download-data';
import { ProfileForm } from '../components/account/profile-form';
import { SignInNotice } from '../components/account/sign-in-notice';
import { BillingSummary } from '../components/billing/billing-summary';
import { PageContainer } from '../components/page-shell';
import { PageTitle } from '../components/page-title';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { CenteredSpinner } from '../components/ui/spinner';
import { planSourceTeam } from '../lib/plan-label';
import { useSession } from '../lib/session';

const TITLE = 'Account Settings';

function Section({
  id,
  icon: Icon,
  title,
  description,
  children,
  danger = false,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  description: string;
  children: ReactNode;
  /** The danger zone: red icon and border. */
  danger?: boolean;
}) {
  return (
    <Card className={danger ? 'border-red-200' : undefined} aria-labelledby={`${id}-title`} role="region">
      <CardHeader className="border-b px-4 sm:px-6">
        <CardTitle as="h2" id={`${id}-title`} className="flex items-center gap-2">
          <Icon className={`size-5 ${danger ? 'text-destructive' : 'text-primary'}`} aria-hidden="true" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="px-4 pt-6 sm:px-6">{children}</CardContent>
    </Card>
  );
}

/** A section's text beside its action; stacked on a phone. */
function ActionRow({ children, action }: { children: ReactNode; action: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      {children}
      {action}
    </div>
  );
}

function teamLine(me: Me): string {
  const team = me.team;
  if (team && planSourceTeam(me))
    return `You are on ${team.name}: ${tierLabel('enterprise')} via ${team.name}.`;
  if (team) return `You own ${team.name}: invite and remove its members.`;
  if (hasTeam(me.membership.tier))
    return `Invite colleagues to share your plan: ${TEAM_SEATS} seats, you included.`;
  return `Team management comes with ${tierLabel('enterprise')}: ${TEAM_SEATS} seats, you included.`;
}

function teamLinkLabel(me: Me): string {
  const team = me.team;
  if (team && planSourceTeam(me)) return 'See your team';
  return me.membership.tier === 'enterprise' ? 'Manage team' : 'About teams';
}

export default function SettingsPage() {
  const { status, me } = useSession();

  // The route is protected, so this is only a fallback for a session that ends while here.
  if (status === 'loading') return <CenteredSpinner label="Checking your session" />;
  if (!me) {
    return (
      <PageContainer size="sm">
        <PageTitle title={TITLE} />
        <SignInNotice title={TITLE} />
      </PageContainer>
    );
  }

  return (
    <PageContainer size="md">
      <PageTitle title={TITLE} />
      <header>
        <h1 className="font-bold text-3xl tracking-tight">{TITLE}</h1>
        <p className="mt-2 text-muted-foreground">Manage your profile, your plan and your account.</p>
      </header>

      <div className="mt-8 flex flex-col gap-8">
        <Section
          id="profile"
          icon={UserRoundIcon}
          title="Profile Information"
          description="The name you are shown by, here and to others, and your username."
        >
          {/* Keyed by account so a different sign-in never shows the previous person's values. */}
          <ProfileForm key={me.user.id} me={me} />
        </Section>

        <Section
          id="password"
          icon={LockKeyholeIcon}
          title="Password"
          description="Change the password you sign in with."
        >
          <ChangePassword key={me.user.id} email={me.user.email} name={me.user.fullName} />
        </Section>

        <Section
          id="billing"
          icon={CreditCardIcon}
          title="Billing"
          description="Your plan, this month's images and your credits."
        >
          <BillingSummary me={me} />
        </Section>

        <Section
          id="styles"
          icon={PaletteIcon}
          title="Styles"
          description="Your saved custom styles: a theme, a palette and style words under a name."
        >
          <ActionRow
            action={
              <Button asChild variant="outline">
                <Link to="/settings/styles">Manage styles</Link>
              </Button>
            }
          >
            <p className="text-muted-foreground text-sm">
              {hasCustomStyles(me.membership.tier)
                ? 'Rename, edit and delete the styles you reuse in the generator.'
                : `Part of the ${tierLabel('premium')} plan.`}
            </p>
          </ActionRow>
        </Section>

        <Section
          id="api-keys"
          icon={KeyRoundIcon}
          title="API Keys"
          description="Make pictures from your own programs with the REST API."
        >
          <ActionRow
            action={
              <Button asChild variant="outline">
                <Link to="/settings/api-keys">Manage API keys</Link>
              </Button>
            }
          >
            <p className="text-muted-foreground text-sm">
              {hasApiAccess(me.membership.tier)
                ? 'Create, copy and revoke the keys your programs use.'
                : `Part of the ${tierLabel('enterprise')} plan.`}
            </p>
          </ActionRow>
        </Section>

        <Section
          id="team"
          icon={UsersRoundIcon}
          title="Team"
          description="Share an Enterprise plan with colleagues."
        >
          <ActionRow
            action={
              <Button asChild variant="outline">
                <Link to="/settings/team">{teamLinkLabel(me)}</Link>
              </Button>
            }
          >
            <p className="text-muted-foreground text-sm" data-testid="settings-team-line">
              {teamLine(me)}
            </p>
          </ActionRow>
        </Section>

        <Section
          id="your-data"
          icon={ArchiveIcon}
          title="Your Data"
          description="Take everything you made with you, on any plan."
        >
          <ActionRow action={<DownloadData />}>
            <p className="text-muted-foreground text-sm">
              A zip of every picture you made (the full-size PNG, and the SVG where there is one) and a file
              with your account, plan, credit history, API keys (their names and dates, never the keys) and
              prompts.
            </p>
          </ActionRow>
        </Section>

        <Section
          id="danger"
          icon={ShieldAlertIcon}
          title="Danger Zone"
          description="Actions here cannot be undone."
          danger
        >
          <ActionRow action={<DeleteAccount me={me} />}>
            <div>
              <p className="font-medium">Delete your account</p>
              <p className="mt-1 text-muted-foreground text-sm">
                Removes your profile, images, credits and history for good
                {me.membership.tier !== 'free' ? ', and cancels your subscription' : ''}.
              </p>
            </div>
          </ActionRow>
        </Section>
      </div>
    </PageContainer>
  );
}
