import { CoinsIcon, ReceiptIcon } from 'lucide-react';
import type { CreditTransaction } from '../../../core/api';
import { errorMessage } from '../../lib/api';
import { useCreditActivity } from '../../lib/generation';
import { cn } from '../../lib/utils';
import { formatImageDate } from '../image-preview-dialog';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { Skeleton } from '../ui/skeleton';

const TRANSACTION_LABELS: Record<string, string> = {
  purchase: 'Purchase',
  spend: 'Spent',
  refund: 'Refund',
  grant: 'Granted',
  clawback: 'Reversed',
};

function TransactionRow({ transaction }: { transaction: CreditTransaction }) {
  const positive = transaction.amount > 0;
  return (
    <li className="flex items-center gap-3 py-3">
      <span
        className={cn(
          'flex size-9 shrink-0 items-center justify-center rounded-full',
          positive ? 'bg-green-50 text-green-700' : 'bg-muted text-muted-foreground',
        )}
        aria-hidden="true"
      >
        <CoinsIcon className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-sm">{TRANSACTION_LABELS[transaction.type] ?? transaction.type}</p>
        <p className="truncate text-muted-foreground text-xs" title={transaction.description}>
          {transaction.description}
        </p>
      </div>
      <div className="shrink-0 text-right">
        <p
          className={cn(
            'font-semibold text-sm tabular-nums',
            positive ? 'text-green-700' : 'text-foreground',
          )}
        >
          {positive ? '+' : '−'}
          {Math.abs(transaction.amount)}
        </p>
        <time className="text-muted-foreground text-xs" dateTime={transaction.createdAt}>
          {formatImageDate(transaction.createdAt)}
        </time>
      </div>
    </li>
  );
}

export function CreditActivityCard() {
  const activity = useCreditActivity();
  const items = activity.data?.items ?? [];
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-3 space-y-0">
        <CardTitle as="h2">Recent credit activity</CardTitle>
        <ReceiptIcon className="size-5 text-muted-foreground" aria-hidden="true" />
      </CardHeader>
      <CardContent>
        {activity.isPending ? (
          <div className="flex flex-col gap-3" aria-hidden="true">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : activity.isError ? (
          <p className="text-destructive text-sm" role="alert">
            Could not load your credit activity: {errorMessage(activity.error)}
          </p>
        ) : items.length === 0 ? (
          <p className="text-muted-foreground text-sm" data-testid="credit-activity-empty">
            No credit activity yet. Credits you buy, spend or get back show up here.
          </p>
        ) : (
          <ul className="-my-3 divide-y" data-testid="credit-activity">
            {items.map((transaction) => (
              <TransactionRow key={transaction.id} transaction={transaction} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
