import { CheckIcon, CoinsIcon, SparklesIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  CREDIT_PACKS,
  type CreditPack,
  formatPrice,
  PLANS,
  type Plan,
  planFeature,
  pricePerCredit,
  totalCredits,
} from '../../core/catalog';
import { useHydrated } from '../lib/hydration';
import { useSession } from '../lib/session';
import { cn } from '../lib/utils';
import { Badge } from './ui/badge';
import { Button } from './ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './ui/tabs';

export type PricingTab = 'subscriptions' | 'credits';

type PricingTabsProps = {
  /** Purchase button for a paid plan (not the member's current one). */
  renderPlanAction?: (plan: Plan) => ReactNode;
  /** Purchase button for a credit pack. */
  renderPackAction?: (pack: CreditPack) => ReactNode;
  tab?: PricingTab;
  onTabChange?: (tab: PricingTab) => void;
  /** Heading level of the card titles, so the cards fit the page's outline. */
  headingLevel?: 'h2' | 'h3';
};

const POPULAR_PLAN = 'basic';
const CURRENT_PLAN = 'Current plan';
const BEST_VALUE_PACK = 'pro';

/** The one label of a plan's purchase button, on the landing page and the pricing page alike. */
export const planActionLabel = (plan: Plan) => `Subscribe to ${plan.name}`;
export const packActionLabel = (pack: CreditPack) => `Buy ${pack.name}`;

/**
 * Plans and credit packs side by side in two tabs. The data is src/core's catalogue, the same the
 * server charges for. Pages supply their own purchase actions; the default sends people to the
 * pricing page (or to sign in first, as the spec asks for signed-out visitors). A signed-in
 * member's own plan is marked 'Current plan' and cannot be bought again; the Free card leads a
 * member to the dashboard instead of the sign-up form.
 */
export function PricingTabs({
  renderPlanAction,
  renderPackAction,
  tab,
  onTabChange,
  headingLevel = 'h3',
}: PricingTabsProps) {
  const { status, me } = useSession();
  // Tabs switch only once React has taken over a prerendered page; a click before would be lost.
  const hydrated = useHydrated();
  const signedIn = status === 'signed-in';
  const buyPath = signedIn ? '/pricing' : '/login?redirectTo=%2Fpricing';
  // Only a signed-in member has a current plan; visitors see every card as for sale.
  const currentTier = signedIn ? me?.membership.tier : undefined;

  const planAction =
    renderPlanAction ??
    ((plan: Plan) => (
      <Button asChild className="w-full">
        <Link to={buyPath}>{planActionLabel(plan)}</Link>
      </Button>
    ));
  const packAction =
    renderPackAction ??
    ((pack: CreditPack) => (
      <Button asChild className="w-full" variant="outline">
        <Link to={buyPath}>{packActionLabel(pack)}</Link>
      </Button>
    ));

  return (
    <Tabs
      defaultValue="subscriptions"
      value={tab}
      onValueChange={(value) => onTabChange?.(value as PricingTab)}
      className="flex flex-col items-center"
    >
      <TabsList aria-label="Pricing options">
        <TabsTrigger value="subscriptions" disabled={!hydrated}>
          <SparklesIcon className="size-4" aria-hidden="true" />
          Subscriptions
        </TabsTrigger>
        <TabsTrigger value="credits" disabled={!hydrated}>
          <CoinsIcon className="size-4" aria-hidden="true" />
          Credit Packs
        </TabsTrigger>
      </TabsList>

      <TabsContent value="subscriptions" className="w-full">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {PLANS.map((plan) => {
            const current = plan.tier === currentTier;
            return (
              <li key={plan.id} className="flex">
                <Card
                  className={cn(
                    'relative flex w-full flex-col',
                    plan.id === POPULAR_PLAN &&
                      !currentTier &&
                      'border-primary shadow-md ring-1 ring-primary',
                    current && 'border-success shadow-md ring-1 ring-success',
                  )}
                  data-current={current || undefined}
                >
                  <CardHeader>
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <CardTitle as={headingLevel}>{plan.name}</CardTitle>
                      {current ? (
                        <Badge variant="success">{CURRENT_PLAN}</Badge>
                      ) : (
                        plan.id === POPULAR_PLAN && <Badge>Most popular</Badge>
                      )}
                    </div>
                    <p className="mt-2">
                      <span className="font-bold text-4xl tracking-tight">{formatPrice(plan.price)}</span>
                      <span className="text-muted-foreground text-sm"> /month</span>
                    </p>
                    <CardDescription>{planFeature(plan, 'monthly-images')?.text}</CardDescription>
                  </CardHeader>
                  <CardContent className="flex-1">
                    <ul className="flex flex-col gap-2 text-sm">
                      {plan.features
                        .filter((feature) => feature.id !== 'monthly-images')
                        .map((feature) => (
                          <li key={feature.id} className="flex items-start gap-2">
                            <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                            {feature.text}
                          </li>
                        ))}
                    </ul>
                  </CardContent>
                  <CardFooter>
                    {plan.price === 0 ? (
                      <Button asChild className="w-full" variant="outline">
                        {signedIn ? (
                          <Link to="/dashboard">Go to Dashboard</Link>
                        ) : (
                          <Link to="/signup">Start for free</Link>
                        )}
                      </Button>
                    ) : current ? (
                      <Button className="w-full" variant="outline" disabled>
                        {CURRENT_PLAN}
                      </Button>
                    ) : (
                      planAction(plan)
                    )}
                  </CardFooter>
                </Card>
              </li>
            );
          })}
        </ul>
      </TabsContent>

      <TabsContent value="credits" className="w-full">
        <ul className="mx-auto grid max-w-4xl gap-6 md:grid-cols-3">
          {CREDIT_PACKS.map((pack) => (
            <li key={pack.id} className="flex">
              <Card
                className={cn(
                  'relative flex w-full flex-col',
                  pack.id === BEST_VALUE_PACK && 'border-primary shadow-md ring-1 ring-primary',
                )}
              >
                <CardHeader>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <CardTitle as={headingLevel}>{pack.name}</CardTitle>
                    {pack.id === BEST_VALUE_PACK && <Badge>Best value</Badge>}
                  </div>
                  <p className="mt-2">
                    <span className="font-bold text-4xl tracking-tight">{formatPrice(pack.price)}</span>
                    <span className="text-muted-foreground text-sm"> once</span>
                  </p>
                  <CardDescription>${pricePerCredit(pack)} per credit</CardDescription>
                </CardHeader>
                <CardContent className="flex-1">
                  <ul className="flex flex-col gap-2 text-sm">
                    <li className="flex items-start gap-2">
                      <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                      <span>
                        <strong className="font-semibold">{totalCredits(pack)} credits</strong>
                        {pack.bonus > 0 && ` (${pack.credits} + ${pack.bonus} bonus)`}
                      </span>
                    </li>
                    <li className="flex items-start gap-2">
                      <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                      Credits never expire
                    </li>
                    <li className="flex items-start gap-2">
                      <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />1 credit
                      unlocks every premium option for one image
                    </li>
                  </ul>
                </CardContent>
                <CardFooter>{packAction(pack)}</CardFooter>
              </Card>
            </li>
          ))}
        </ul>
      </TabsContent>
    </Tabs>
  );
}

export default PricingTabs;
