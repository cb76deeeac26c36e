import { ArrowRightIcon, CheckIcon, MinusIcon } from 'lucide-react';
import { useState } from 'react';
import type { AppMeta } from '../../../core/api';
import { formatPrice, type Plan, planChange } from '../../../core/catalog';
import { errorMessage } from '../../lib/api';
import { leaveForPayment, openBillingPortal } from '../../lib/billing';
import { Button } from '../ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/dialog';
import { Spinner } from '../ui/spinner';

/** Where the member lands once the change is made: the dashboard says "You're on …" there. */
export const PLAN_CHANGED_PATH = '/dashboard?subscription=changed';

type PlanSwitchDialogProps = {
  /** The member's plan now. */
  current: Plan;
  /** The plan chosen on the pricing page; null closes the dialog. */
  target: Plan | null;
  payments: AppMeta['payments'] | undefined;
  onOpenChange: (open: boolean) => void;
};

/**
 * The one confirmation step of a plan switch: the plan, its price and what changes, line by line.
 * Confirm switches at once with the test checkout (its portal's own switch), or opens Stripe's
 * portal on confirming this one change (Stripe shows the prorated amount before it charges).
 */
export function PlanSwitchDialog({ current, target, payments, onOpenChange }: PlanSwitchDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const change = target ? planChange(current, target) : null;

  async function confirmWithStripe(plan: Plan) {
    setBusy(true);
    setError(null);
    try {
      leaveForPayment(await openBillingPortal(PLAN_CHANGED_PATH, plan.id));
      window.setTimeout(() => setBusy(false), 4000);
    } catch (cause) {
      setBusy(false);
      setError(errorMessage(cause, 'Could not reach the payment provider. Please try again.'));
    }
  }

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (busy) return;
        setError(null);
        onOpenChange(open);
      }}
    >
      {target && change && (
        <DialogContent className="max-w-md" data-testid="plan-switch-dialog">
          <DialogHeader>
            <DialogTitle>Switch to {target.name}?</DialogTitle>
            <DialogDescription>
              {formatPrice(target.price)}/month instead of {formatPrice(current.price)}/month for{' '}
              {current.name}.{' '}
              {payments === 'stripe'
                ? 'Stripe shows the prorated amount for the rest of this month before you confirm there.'
                : 'The change applies at once; your monthly cycle stays the same.'}
            </DialogDescription>
          </DialogHeader>
          <div>
            <h3 className="font-medium text-sm">What changes</h3>
            <ul className="mt-2 flex flex-col gap-1.5 text-sm" data-testid="plan-switch-changes">
              {change.changed.map(({ from, to }) => (
                <li key={to.id} className="flex items-start gap-2">
                  <ArrowRightIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                  <span>
                    {from.text} → <strong className="font-semibold">{to.text}</strong>
                  </span>
                </li>
              ))}
              {change.gained.map((line) => (
                <li key={line.id} className="flex items-start gap-2">
                  <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                  <span>
                    <span className="sr-only">Added: </span>
                    {line.text}
                  </span>
                </li>
              ))}
              {change.lost.map((line) => (
                <li key={line.id} className="flex items-start gap-2 text-muted-foreground">
                  <MinusIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <span>
                    <span className="sr-only">No longer included: </span>
                    {line.text}
                  </span>
                </li>
              ))}
            </ul>
          </div>
          {error && (
            <p className="font-medium text-destructive text-sm" role="alert">
              {error}
            </p>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={busy}>
                Keep {current.name}
              </Button>
            </DialogClose>
            {payments === 'stripe' ? (
              <Button
                onClick={() => void confirmWithStripe(target)}
                disabled={busy}
                aria-busy={busy || undefined}
              >
                {busy && <Spinner className="size-4 text-current" label="Opening Stripe" />}
                Switch to {target.name}
              </Button>
            ) : (
              // The test checkout's own switch (a form post, as its portal page sends it): the server
              // applies the change and sends the member to the dashboard, which confirms it.
              <form method="post" action="/checkout/test/portal/switch" onSubmit={() => setBusy(true)}>
                <input type="hidden" name="plan" value={target.id} />
                <Button type="submit" className="w-full" disabled={busy} aria-busy={busy || undefined}>
                  {busy && <Spinner className="size-4 text-current" label="Switching" />}
                  Switch to {target.name}
                </Button>
              </form>
            )}
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
