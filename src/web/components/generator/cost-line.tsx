import { CircleAlertIcon, CircleCheckIcon, CoinsIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { Me } from '../../../core/api';
import type { GenerationOptions } from '../../../core/options';
import { cn } from '../../lib/utils';
import { Skeleton } from '../ui/skeleton';
import { costLine } from './gating';

type CostLineProps = {
  /** The id Generate points its aria-describedby at: when refused, this line is why it is disabled. */
  id?: string;
  account: Me | null;
  options: GenerationOptions;
  /** Pictures asked for (variations). */
  count?: number;
  /** Where /pricing sends the member back to after a purchase. */
  returnTo: string;
  className?: string;
  /** Several lines on one page (the warning at the top of the generator) need their own. */
  testId?: string;
};

export function pricingLink(returnTo: string, tab?: 'credits'): string {
  // Slashes stay readable ('/pricing?returnTo=/create'); they need no escaping in a query.
  const back = `returnTo=${encodeURIComponent(returnTo).replaceAll('%2F', '/')}`;
  return tab ? `/pricing?tab=${tab}&${back}` : `/pricing?${back}`;
}

/** What the next Generate will cost, said before the click (DESIGN: "The UI says the cost"). */
export function CostLine({
  id,
  account,
  options,
  count = 1,
  returnTo,
  className,
  testId = 'cost-line',
}: CostLineProps) {
  if (!account) return <Skeleton id={id} className={cn('h-5 w-56', className)} />;
  const line = costLine(account, options, count);
  const credits = account.credits;

  if (line.kind === 'refused') {
    return (
      <div
        id={id}
        className={cn(
          'flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900 text-sm',
          className,
        )}
        data-testid={testId}
        data-kind={line.kind}
      >
        <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>
          {line.text}{' '}
          <Link
            to={pricingLink(returnTo, 'credits')}
            className="whitespace-nowrap font-semibold underline underline-offset-2 hover:no-underline"
          >
            Buy credits
          </Link>{' '}
          or{' '}
          <Link
            to={pricingLink(returnTo)}
            className="whitespace-nowrap font-semibold underline underline-offset-2 hover:no-underline"
          >
            see plans
          </Link>
        </p>
      </div>
    );
  }

  const Icon = line.kind === 'credit' ? CoinsIcon : CircleCheckIcon;
  return (
    <p
      id={id}
      className={cn('flex flex-wrap items-center gap-x-2 gap-y-1 text-sm', className)}
      data-testid={testId}
      data-kind={line.kind}
    >
      <Icon
        className={cn('size-4 shrink-0', line.kind === 'credit' ? 'text-amber-600' : 'text-success')}
        aria-hidden="true"
      />
      <span className="font-medium">{line.text}</span>
      {line.kind === 'credit' && (
        <span className="text-muted-foreground">
          · you have {credits} {credits === 1 ? 'credit' : 'credits'}
        </span>
      )}
    </p>
  );
}
