import { CheckCircle2Icon } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { PageContainer } from '../components/page-shell';
import { PageTitle } from '../components/page-title';
import { Button } from '../components/ui/button';
import { useSession } from '../lib/session';

// Confirming the checkout session (session_id) with the server is done by the payments work.
export default function CheckoutSuccessPage() {
  const { refresh } = useSession();
  useEffect(() => {
    void refresh();
  }, [refresh]);

  return (
    <PageContainer size="sm" className="text-center">
      <PageTitle title="Payment received" />
      <CheckCircle2Icon className="mx-auto size-14 text-success" aria-hidden="true" />
      <h1 className="mt-4 font-bold text-3xl tracking-tight">Thank you for your purchase</h1>
      <p className="mt-3 text-muted-foreground">
        Your plan or credits will show on your dashboard in a moment.
      </p>
      <Button asChild className="mt-8">
        <Link to="/dashboard">Go to Dashboard</Link>
      </Button>
    </PageContainer>
  );
}
