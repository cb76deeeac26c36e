import { CircleAlertIcon, Loader2Icon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { CheckoutRequest } from '../../core/api';
import { type CreditPack, findPlan, type Plan } from '../../core/catalog';
import { MESSAGES } from '../../core/messages';
import { isSafeRedirectPath, safeRedirectPath } from '../../core/redirect';
import { PlanSwitchDialog } from '../components/billing/plan-switch-dialog';
import { PageContainer, PageHero } from '../components/page-shell';
import { type PricingTab, PricingTabs, packActionLabel, planActionLabel } from '../components/pricing-tabs';
import { Button } from '../components/ui/button';
import { ApiError } from '../lib/api';
import { checkoutErrorMessage, leaveForPayment, startCheckout } from '../lib/billing';
import { useHydrated } from '../lib/hydration';
import { useAppMeta } from '../lib/meta';
import { useSession } from '../lib/session';
import { toast } from '../lib/toast';

const CHECKOUT_CANCELLED = 'Checkout cancelled — nothing was charged';
const PURCHASES_UNAVAILABLE =
  'Purchases are unavailable on this server right now: payments are not set up. Nothing can be charged.';

type Item = Pick<CheckoutRequest, 'kind' | 'id'>;
const itemKey = (item: Item) => `${item.kind}:${item.id}`;

export default function PricingPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { status, me } = useSession();
  const payments = useAppMeta().data?.payments;
  const purchasesOff = payments === 'off';
  // On the prerendered page a click before React takes over would do nothing: wait for it.
  const hydrated = useHydrated();
  // A subscriber switches plan after one confirmation naming the plan, its price and what changes.
  const subscribed = status === 'signed-in' && Boolean(me) && me?.membership.tier !== 'free';
  const currentPlan = subscribed ? findPlan(me?.membership.tier) : undefined;
  const [switchTo, setSwitchTo] = useState<Plan | null>(null);
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
    toast(CHECKOUT_CANCELLED, { id: 'checkout-cancelled' });
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

  function actionButton(
    key: string,
    label: string,
    variant: 'default' | 'outline',
    onClick: () => Promise<void>,
  ) {
    const busy = processing === key;
    return (
      <Button
        className="w-full"
        variant={variant}
        disabled={!hydrated || processing !== null || purchasesOff}
        aria-busy={busy || undefined}
        onClick={() => void onClick()}
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
    subscribed
      ? actionButton(`switch:${plan.id}`, `Switch to ${plan.name}`, 'outline', async () => setSwitchTo(plan))
      : actionButton(itemKey({ kind: 'plan', id: plan.id }), planActionLabel(plan), 'default', () =>
          buy({ kind: 'plan', id: plan.id }),
        );
  const packAction = (pack: CreditPack) =>
    actionButton(itemKey({ kind: 'pack', id: pack.id }), packActionLabel(pack), 'outline', () =>
      buy({ kind: 'pack', id: pack.id }),
    );

  return (
    <>
      <PageHero
        title="Pricing"
        eyebrow="Plans and credits"
        description="Start free with 3 images a month. Subscribe for more, or buy credits that never expire."
      />
      <PageContainer size="xl">
        {purchasesOff && (
          <p
            role="status"
            className="mx-auto mb-8 flex max-w-2xl items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900 text-sm"
          >
            <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {PURCHASES_UNAVAILABLE}
          </p>
        )}
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
        {currentPlan && (
          <PlanSwitchDialog
            current={currentPlan}
            target={switchTo}
            payments={payments}
            onOpenChange={(open) => !open && setSwitchTo(null)}
          />
        )}
        <p className="mx-auto mt-10 max-w-2xl text-center text-muted-foreground text-sm">
          Payments are handled securely by our payment provider; we never see your card. Subscriptions renew
          monthly; change plan or cancel any time from Manage billing in Account Settings. One credit unlocks
          every premium option for one image, or one image past your monthly limit.
        </p>
      </PageContainer>
    </>
  );
}
