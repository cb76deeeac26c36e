import { useMutation } from '@tanstack/react-query';
import { ExternalLinkIcon, Loader2Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Me } from '../../../core/api';
import { describeUsage } from '../../../core/entitlement';
import { planLapsesAt, subscriptionAccess } from '../../../core/subscription';
import { errorMessage } from '../../lib/api';
import { leaveForPayment, openBillingPortal } from '../../lib/billing';
import { PAID_PERIOD_NOTE, usageResetNote } from '../../lib/cycles';
import { planLabel, planSourceTeam } from '../../lib/plan-label';
import { toast } from '../../lib/toast';
import { cn } from '../../lib/utils';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';

const slug = (term: string) => term.toLowerCase().replaceAll(' ', '-');

const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * The member's plan, this month's usage and credits, with the way to change them: the payment
 * provider's billing portal for subscribers, the pricing page for everyone else.
 */
export function BillingSummary({ me, returnTo = '/settings' }: { me: Me; returnTo?: string }) {
  const { membership, credits } = me;
  // A team member's Enterprise is the team's: its owner pays for it and manages it.
  const viaTeam = planSourceTeam(me);
  const paid = membership.tier !== 'free' && !viaTeam;
  // A failed or pending payment (past_due, unpaid, paused, incomplete): say what to do, and keep
  // "Manage billing" open even while the plan is on hold, since paying there restores it.
  const access = subscriptionAccess(membership.status);
  const attention = access.ended ? null : access.note;
  const manageable = paid || attention !== null;

  const portal = useMutation({
    mutationFn: () => openBillingPortal(returnTo),
    onSuccess: (url) => leaveForPayment(url),
    onError: (error) =>
      toast.error(errorMessage(error, 'Could not open the billing portal. Please try again.'), {
        id: 'portal-error',
      }),
  });

  // [term, value, the note saying what the value counts]
  const facts: [string, ReactNode, string?][] = [
    [
      'Current plan',
      <span key="plan" className="inline-flex items-center gap-2">
        {planLabel(me)}
        {(paid || viaTeam) && !attention && <Badge variant="success">Active</Badge>}
      </span>,
    ],
    ['Images this month', describeUsage(membership.tier, membership.imageCount), usageResetNote()],
    ['Credits', `${credits} ${credits === 1 ? 'credit' : 'credits'}`],
  ];
  if (paid && membership.periodEnd) {
    const end = new Date(membership.periodEnd);
    // Past the period end the plan still runs for the renewal grace while Stripe's renewal arrives.
    facts.push(
      end.getTime() > Date.now()
        ? ['Current period ends', shortDate(membership.periodEnd), PAID_PERIOD_NOTE]
        : ['Renewal pending', `Plan kept until ${shortDate(planLapsesAt(end).toISOString())}`],
    );
  }

  return (
    <div className="flex flex-col gap-6">
      {attention && (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900 text-sm"
          data-testid="billing-attention"
        >
          {attention}
        </p>
      )}
      <dl className={cn('grid gap-3', facts.length === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2')}>
        {facts.map(([term, value, note]) => (
          <div key={term} className="rounded-lg border bg-muted/40 px-4 py-3">
            <dt className="text-muted-foreground text-xs uppercase tracking-wide">{term}</dt>
            <dd className="mt-1 font-semibold" data-testid={`billing-${slug(term)}`}>
              {value}
            </dd>
            {note && (
              <dd className="mt-1 text-muted-foreground text-xs" data-testid={`billing-${slug(term)}-note`}>
                {note}
              </dd>
            )}
          </div>
        ))}
      </dl>

      <div className="flex flex-col gap-3 border-t pt-5 sm:flex-row sm:items-center sm:justify-end">
        {viaTeam ? (
          <>
            <p className="text-muted-foreground text-sm sm:mr-auto">
              Your plan comes with {viaTeam.name}: its owner manages the subscription.
            </p>
            <Button asChild variant="outline">
              <Link to="/pricing?tab=credits">Buy credits</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/settings/team">See your team</Link>
            </Button>
          </>
        ) : manageable ? (
          <>
            <p className="text-muted-foreground text-sm sm:mr-auto">
              Change your card, see invoices or cancel your subscription.
            </p>
            <Button asChild variant="outline">
              <Link to="/pricing?tab=credits">Buy credits</Link>
            </Button>
            <Button onClick={() => portal.mutate()} disabled={portal.isPending}>
              {portal.isPending ? (
                <>
                  <Loader2Icon className="animate-spin" aria-hidden="true" />
                  Opening...
                </>
              ) : (
                <>
                  Manage billing
                  <ExternalLinkIcon aria-hidden="true" />
                </>
              )}
            </Button>
          </>
        ) : (
          <>
            <p className="text-muted-foreground text-sm sm:mr-auto">
              Subscribe for 30 images a month, or buy credits that never expire.
            </p>
            <Button asChild variant="outline">
              <Link to="/pricing?tab=credits">Buy credits</Link>
            </Button>
            <Button asChild>
              <Link to="/pricing">See plans</Link>
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
