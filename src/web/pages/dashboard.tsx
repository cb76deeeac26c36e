import { ChooseDisplayName } from '../components/account/choose-display-name';
import { CreditActivityCard } from '../components/dashboard/credit-activity-card';
import { GenerateCard } from '../components/dashboard/generate-card';
import { MembershipCard } from '../components/dashboard/membership-card';
import { QuickActionsCard } from '../components/dashboard/quick-actions-card';
import { YourClipartCard } from '../components/dashboard/your-clipart-card';
import { PageContainer } from '../components/page-shell';
import { PageTitle } from '../components/page-title';
import { useSubscriptionNotice } from '../lib/billing';
import { useSession } from '../lib/session';

export default function DashboardPage() {
  const { me } = useSession();
  const name = me ? me.user.name : '';
  useSubscriptionNotice(me?.membership.tier);
  return (
    <PageContainer size="xl" className="flex flex-col gap-6 sm:gap-8">
      <PageTitle title="Dashboard" />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-bold text-3xl tracking-tight">Dashboard</h1>
          <p className="mt-1 text-muted-foreground" data-testid="dashboard-greeting">
            {me?.user.signedInBefore ? 'Welcome back' : 'Welcome'}
            {name ? `, ${name}` : ''}.
          </p>
        </div>
      </header>
      {/* Until the member has chosen a name: their public pictures say "Anonymous" meanwhile. */}
      {me && !me.user.fullName.trim() && <ChooseDisplayName me={me} />}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <MembershipCard me={me} />
        <QuickActionsCard />
      </div>
      <GenerateCard me={me} />
      <YourClipartCard />
      <CreditActivityCard />
    </PageContainer>
  );
}
