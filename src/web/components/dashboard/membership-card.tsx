import { ArrowRightIcon, CrownIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { Me } from '../../../core/api';
import { describeUsage } from '../../../core/entitlement';
import { paidPeriodLine, usageResetNote } from '../../lib/cycles';
import { planLabel } from '../../lib/plan-label';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { Skeleton } from '../ui/skeleton';

function creditsText(credits: number): string {
  return `${credits} ${credits === 1 ? 'credit' : 'credits'}`;
}

function Stat({
  label,
  children,
  testId,
  className,
}: {
  label: string;
  children: React.ReactNode;
  testId: string;
  className?: string;
}) {
  return (
    <div
      className={cn('flex flex-col gap-1 rounded-lg bg-muted/60 px-4 py-3', className)}
      data-testid={testId}
    >
      <dt className="text-muted-foreground text-xs uppercase tracking-wide">{label}</dt>
      <dd className="font-semibold text-lg">{children}</dd>
    </div>
  );
}

export function MembershipCard({ me }: { me: Me | null }) {
  const membership = me?.membership;
  const limit = membership?.imageLimit ?? null;
  const used = membership?.imageCount ?? 0;
  const share = limit ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  return (
    <Card className="flex flex-col">
      <CardHeader className="flex-row items-center justify-between gap-3 space-y-0">
        <div className="flex flex-col gap-1">
          <CardTitle as="h2">Membership</CardTitle>
          <CardDescription>Your plan, this month's images and credits.</CardDescription>
        </div>
        <CrownIcon className="size-6 shrink-0 text-amber-500" aria-hidden="true" />
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <dl className="grid grid-cols-2 gap-3">
          <Stat label="Plan" testId="membership-plan">
            {me ? planLabel(me) : <Skeleton className="h-7 w-16" />}
          </Stat>
          <Stat label="Credits Available" testId="membership-credits">
            {me ? (
              <span className="flex flex-wrap items-baseline gap-x-2">
                {creditsText(me.credits)}
                {me.credits === 0 && (
                  <Link
                    to="/pricing"
                    className="font-medium text-primary text-sm underline-offset-4 hover:underline"
                  >
                    Buy more
                  </Link>
                )}
              </span>
            ) : (
              <Skeleton className="h-7 w-20" data-testid="credits-skeleton" />
            )}
          </Stat>
          {/* Images past the limit were paid with credits: said apart, never as "5 / 3". */}
          <Stat label="Images this month" testId="membership-usage" className="col-span-2">
            {membership ? (
              <span className="text-base">{describeUsage(membership.tier, used)}</span>
            ) : (
              <Skeleton className="h-7 w-48" />
            )}
          </Stat>
        </dl>
        {membership && limit !== null && (
          <div>
            <div
              className="h-2 overflow-hidden rounded-full bg-muted"
              role="progressbar"
              aria-label="Images used this month"
              aria-valuemin={0}
              aria-valuemax={limit}
              aria-valuenow={Math.min(used, limit)}
            >
              <div
                className={cn(
                  'h-full rounded-full bg-primary transition-all',
                  share >= 100 && 'bg-amber-500',
                )}
                style={{ width: `${share}%` }}
              />
            </div>
            <p className="mt-1.5 text-muted-foreground text-xs" data-testid="membership-cycle">
              {usageResetNote()}
              {paidPeriodLine(membership)}
            </p>
          </div>
        )}
        {membership?.tier === 'free' && (
          <Button asChild variant="outline" size="sm" className="mt-auto self-start">
            <Link to="/pricing">
              See plans and credit packs
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
