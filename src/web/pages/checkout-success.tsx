import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertCircleIcon, CheckCircle2Icon, ClockIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { findPack, findPlan, totalCredits } from '../../core/catalog';
import { tierLabel } from '../../core/tiers';
import { PageContainer } from '../components/page-shell';
import { PageTitle } from '../components/page-title';
import { Button } from '../components/ui/button';
import { CenteredSpinner, Spinner } from '../components/ui/spinner';
import { ApiError, errorMessage } from '../lib/api';
import { type CheckoutConfirmation, confirmCheckout } from '../lib/billing';
import { useSession } from '../lib/session';

/** While the provider has not reported the payment yet, ask again this often, this many times. */
const PENDING_RETRY_MS = 1500;
const PENDING_RETRIES = 8;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function summarise(result: CheckoutConfirmation): { headline: string; detail: string } {
  if (result.kind === 'pack') {
    const pack = findPack(result.itemId);
    const added = pack ? totalCredits(pack) : 0;
    return {
      headline: `${pack?.name ?? 'Credit pack'}: ${plural(added, 'credit')} added`,
      detail: `Your balance is now ${plural(result.credits, 'credit')}. Credits never expire.`,
    };
  }
  // The plan the member has now (a portal change since the purchase included), not the one bought.
  const plan = findPlan(result.tier) ?? findPlan(result.itemId);
  const name = plan?.name ?? tierLabel(result.tier);
  const allowance =
    plan?.imagesPerMonth === null
      ? 'unlimited images'
      : `${plan?.imagesPerMonth ?? ''} images a month`.trim();
  return {
    headline: `${name} plan activated`,
    detail: `You are now on the ${name} plan: ${allowance}.${result.note ? ` ${result.note}` : ''}`,
  };
}

/** The button back to where the purchase started (e.g. the generator), else the dashboard. */
function returnLabel(path: string): string {
  if (path.startsWith('/create')) return 'Back to the generator';
  if (path.startsWith('/dashboard')) return 'Go to Dashboard';
  if (path.startsWith('/history')) return 'Back to your history';
  if (path.startsWith('/settings')) return 'Back to Account Settings';
  return 'Continue';
}

function Layout({
  title,
  icon,
  children,
  actions,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <PageContainer size="sm" className="flex flex-1 flex-col items-center justify-center text-center">
      <PageTitle title={title} />
      {icon}
      <h1 className="mt-4 text-balance font-bold text-3xl tracking-tight">{title}</h1>
      <div className="mt-3 w-full text-muted-foreground">{children}</div>
      {actions && (
        <div className="mt-8 flex w-full flex-col-reverse justify-center gap-3 sm:flex-row">{actions}</div>
      )}
    </PageContainer>
  );
}

const THANK_YOU = 'Thank you for your purchase';
const successIcon = <CheckCircle2Icon className="size-14 text-success" aria-hidden="true" />;
const dashboardButton = (variant: 'default' | 'outline' = 'default') => (
  <Button asChild variant={variant}>
    <Link to="/dashboard">Go to Dashboard</Link>
  </Button>
);

export default function CheckoutSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { status, refresh } = useSession();
  const queryClient = useQueryClient();

  const queryKey = ['checkout-confirmation', sessionId];
  const confirmation = useQuery({
    queryKey,
    queryFn: () => confirmCheckout(sessionId!),
    enabled: status === 'signed-in' && Boolean(sessionId),
    staleTime: Number.POSITIVE_INFINITY,
    retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status < 500),
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.dataUpdateCount < PENDING_RETRIES
        ? PENDING_RETRY_MS
        : false,
  });

  // Once the purchase is in, every cached balance and membership (nav, dashboard) is out of date.
  const completed = confirmation.data?.status === 'completed';
  const refreshed = useRef(false);
  useEffect(() => {
    if (!completed || refreshed.current) return;
    refreshed.current = true;
    void queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] !== 'checkout-confirmation',
    });
    void refresh();
  }, [completed, queryClient, refresh]);

  if (status === 'loading') return <CenteredSpinner label="Checking your session" />;

  if (status === 'signed-out') {
    // Nothing is known about a visitor's purchase (nor whether it went through): sign in first,
    // then this page shows what the account now has. Without a session id too: no thanks unseen.
    const here = sessionId
      ? `/checkout/success?session_id=${encodeURIComponent(sessionId)}`
      : '/checkout/success';
    return (
      <Navigate
        to={`/login?${new URLSearchParams({ redirectTo: here, from: '/checkout/success' })}`}
        replace
      />
    );
  }

  if (!sessionId) {
    return (
      <Layout title={THANK_YOU} icon={successIcon} actions={dashboardButton()}>
        <p>Your plan or credits will show on your dashboard in a moment.</p>
      </Layout>
    );
  }

  if (confirmation.isError) {
    const notFound = confirmation.error instanceof ApiError && confirmation.error.status === 404;
    return (
      <Layout
        title={notFound ? 'Purchase not found' : 'We could not confirm your purchase'}
        icon={<AlertCircleIcon className="size-14 text-destructive" aria-hidden="true" />}
        actions={
          <>
            {dashboardButton('outline')}
            {notFound ? (
              <Button asChild>
                <Link to="/pricing">See pricing</Link>
              </Button>
            ) : (
              <Button onClick={() => void confirmation.refetch()}>Try again</Button>
            )}
          </>
        }
      >
        <p>
          {notFound
            ? 'This checkout does not belong to the account you are signed in with.'
            : errorMessage(confirmation.error)}
        </p>
        <p className="mt-2 text-sm">If you were charged, your purchase will still arrive; nothing is lost.</p>
      </Layout>
    );
  }

  const result = confirmation.data;
  const stillChecking =
    !result ||
    (result.status === 'pending' &&
      (queryClient.getQueryState(queryKey)?.dataUpdateCount ?? 0) < PENDING_RETRIES);
  if (stillChecking) {
    return (
      <Layout
        title="Confirming your purchase"
        icon={<Spinner className="size-14" label="Confirming your purchase" />}
      >
        <p>This takes a few seconds. Please keep this page open.</p>
      </Layout>
    );
  }

  if (result.status === 'failed') {
    const plan = findPlan(result.itemId);
    return (
      <Layout
        title={
          result.kind === 'pack'
            ? 'Payment not completed'
            : `Your ${plan?.name ?? tierLabel(result.tier)} plan did not start`
        }
        icon={<AlertCircleIcon className="size-14 text-destructive" aria-hidden="true" />}
        actions={
          <>
            {dashboardButton('outline')}
            <Button asChild>
              <Link to="/pricing">See pricing</Link>
            </Button>
          </>
        }
      >
        <p data-testid="purchase-summary">{result.note}</p>
        <p className="mt-2 text-sm">You are on the {tierLabel(result.tier)} plan.</p>
      </Layout>
    );
  }

  if (result.status === 'pending') {
    return (
      <Layout
        title="Payment processing"
        icon={<ClockIcon className="size-14 text-primary" aria-hidden="true" />}
        actions={
          <>
            {dashboardButton('outline')}
            <Button onClick={() => void confirmation.refetch()} disabled={confirmation.isFetching}>
              {confirmation.isFetching ? 'Checking...' : 'Check again'}
            </Button>
          </>
        }
      >
        <p>
          {result.note ??
            'Your payment provider has not confirmed the payment yet. As soon as it does, your purchase appears on your dashboard; there is no need to pay again.'}
        </p>
      </Layout>
    );
  }

  const { headline, detail } = summarise(result);
  const back = result.returnTo && result.returnTo !== '/dashboard' ? result.returnTo : null;
  return (
    <Layout
      title={THANK_YOU}
      icon={successIcon}
      actions={
        back ? (
          <>
            {dashboardButton('outline')}
            <Button asChild>
              <Link to={back}>{returnLabel(back)}</Link>
            </Button>
          </>
        ) : (
          <>
            {dashboardButton('outline')}
            <Button asChild>
              <Link to="/create">Start creating</Link>
            </Button>
          </>
        )
      }
    >
      <div className="mt-3 rounded-xl border bg-card p-5 text-card-foreground shadow-sm" role="status">
        <p className="font-semibold text-lg" data-testid="purchase-summary">
          {headline}
        </p>
        <p className="mt-1 text-muted-foreground text-sm">{detail}</p>
      </div>
    </Layout>
  );
}
