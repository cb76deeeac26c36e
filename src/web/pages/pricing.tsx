import { Loader2Icon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { CheckoutRequest } from '../../core/api';
import type { CreditPack, Plan } from '../../core/catalog';
import { MESSAGES } from '../../core/messages';
import { isSafeRedirectPath, safeRedirectPath } from '../../core/redirect';
import { PageContainer, PageHero } from '../components/page-shell';
import { type PricingTab, PricingTabs } from '../components/pricing-tabs';
import { Button } from '../components/ui/button';
import { ApiError } from '../lib/api';
import { checkoutErrorMessage, leaveForPayment, startCheckout } from '../lib/billing';
import { useSession } from '../lib/session';
import { toast } from '../lib/toast';

const CHECKOUT_CANCELLED = 'Checkout cancelled — nothing was charged';

type Item = Pick<CheckoutRequest, 'kind' | 'id'>;
const itemKey = (item: Item) => `${item.kind}:${item.id}`;

export default function PricingPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { status } = useSession();
  const [processing, setProcessing] = useState<string | null>(null);
  const [tab, setTab] = useState<PricingTab>(params.get('tab') === 'credits' ? 'credits' : 'subscriptions');

  // Where the buyer goes after paying (e.g. back to the generator), only ever a page of ours.
  const rawReturnTo = params.get('returnTo');
  const returnTo = isSafeRedirectPath(rawReturnTo) ? safeRedirectPath(rawReturnTo) : undefined;

  // The test checkout's (and Stripe's) Cancel comes back here with ?checkout=cancelled: say so
  // once, then drop the parameter so a reload or a shared link does not repeat it.
  const cancelled = params.get('checkout') === 'cancelled';
  const announced = useRef(false);
  useEffect(() => {
    if (!cancelled || announced.current) return;
    announced.current = true;
    toast(CHECKOUT_CANCELLED, { id: 'checkout-cancelled', icon: 'ℹ️' });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('checkout');
        return next;
      },
      { replace: true },
    );
  }, [cancelled, setParams]);

  // Coming back with the browser's Back button from the payment page can restore this page from the
  // back/forward cache with a button still saying 'Processing...'.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setProcessing(null);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  async function buy(item: Item) {
    if (processing || status === 'loading') return;
    if (status !== 'signed-in') {
      const here = `${location.pathname}${location.search}`;
      navigate(`/login?redirectTo=${encodeURIComponent(here)}`);
      return;
    }
    setProcessing(itemKey(item));
    try {
      const url = await startCheckout({ ...item, returnTo });
      leaveForPayment(url);
      // The page is about to unload; if the navigation is blocked or slow, free the buttons again.
      window.setTimeout(() => setProcessing(null), 4000);
    } catch (error) {
      setProcessing(null);
      if (error instanceof ApiError && error.status === 401) {
        navigate(`/login?redirectTo=${encodeURIComponent(`${location.pathname}${location.search}`)}`);
        return;
      }
      toast.error(checkoutErrorMessage(error), { id: 'checkout-error' });
    }
  }

  function actionButton(item: Item, label: string, variant: 'default' | 'outline') {
    const busy = processing === itemKey(item);
    return (
      <Button
        className="w-full"
        variant={variant}
        disabled={processing !== null}
        aria-busy={busy || undefined}
        onClick={() => void buy(item)}
      >
        {busy ? (
          <>
            <Loader2Icon className="animate-spin" aria-hidden="true" />
            {MESSAGES.processing}
          </>
        ) : (
          label
        )}
      </Button>
    );
  }

  const planAction = (plan: Plan) =>
    actionButton({ kind: 'plan', id: plan.id }, `Subscribe to ${plan.name}`, 'default');
  const packAction = (pack: CreditPack) =>
    actionButton({ kind: 'pack', id: pack.id }, `Buy ${pack.name}`, 'outline');

  return (
    <>
      <PageHero
        title="Pricing"
        eyebrow="Plans and credits"
        description="Start free with 3 images a month. Subscribe for more, or buy credits that never expire."
      />
      <PageContainer size="xl">
        {returnTo?.startsWith('/create') && (
          <p className="mb-8 text-center text-muted-foreground text-sm">
            After paying you will go straight back to the generator.
          </p>
        )}
        <PricingTabs
          headingLevel="h2"
          tab={tab}
          onTabChange={setTab}
          renderPlanAction={planAction}
          renderPackAction={packAction}
        />
        <p className="mx-auto mt-10 max-w-2xl text-center text-muted-foreground text-sm">
          Payments are handled securely by our payment provider; we never see your card. Subscriptions renew
          monthly and can be cancelled any time from Account Settings. One credit unlocks every premium option
          for one image, or one image past your monthly limit on the Free plan.
        </p>
      </PageContainer>
    </>
  );
}
