import { Link } from 'react-router';
import { displayName } from '../../core/user';
import { PageContainer } from '../components/page-shell';
import { PageTitle } from '../components/page-title';
import { Button } from '../components/ui/button';
import { useSession } from '../lib/session';

// Membership, quick actions and the embedded generator are built by the dashboard work.
export default function DashboardPage() {
  const { me } = useSession();
  const name = me ? displayName({ fullName: me.user.fullName, email: me.user.email }) : '';
  return (
    <PageContainer size="xl">
      <PageTitle title="Dashboard" />
      <h1 className="font-bold text-3xl tracking-tight">Dashboard</h1>
      <p className="mt-2 text-muted-foreground">Welcome back{name ? `, ${name}` : ''}.</p>
      <Button asChild className="mt-6">
        <Link to="/create">Create Clipart</Link>
      </Button>
    </PageContainer>
  );
}
