import {
  ArrowRightIcon,
  CoinsIcon,
  CrownIcon,
  HistoryIcon,
  ImageIcon,
  ImagesIcon,
  LogOutIcon,
  ReceiptIcon,
  SettingsIcon,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { GeneratedImageView, Me } from '../../core/api';
import { DASHBOARD_RECENT_IMAGES, THUMB_SIZE } from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import { tierLabel } from '../../core/tiers';
import { displayName } from '../../core/user';
import { Generator } from '../components/generator/generator';
import { formatImageDate, ImagePreviewDialog } from '../components/image-preview-dialog';
import { PageContainer } from '../components/page-shell';
import { PageTitle } from '../components/page-title';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { Skeleton } from '../components/ui/skeleton';
import { errorMessage } from '../lib/api';
import { type CreditTransaction, useCreditActivity, useRecentImages } from '../lib/generation';
import { useSession } from '../lib/session';
import { cn } from '../lib/utils';

function creditsText(credits: number): string {
  return `${credits} ${credits === 1 ? 'credit' : 'credits'}`;
}

/** Usage counts per calendar month in UTC: the count starts again on the 1st. */
function nextResetDate(now = new Date()): string {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return next.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
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

function MembershipCard({ me }: { me: Me | null }) {
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
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Stat label="Plan" testId="membership-plan">
            {membership ? tierLabel(membership.tier) : <Skeleton className="h-7 w-16" />}
          </Stat>
          <Stat label="Images this month" testId="membership-usage">
            {membership ? (
              <span>
                {used} /{' '}
                {limit === null ? (
                  <>
                    <span aria-hidden="true">∞</span>
                    <span className="sr-only">unlimited</span>
                  </>
                ) : (
                  limit
                )}
              </span>
            ) : (
              <Skeleton className="h-7 w-14" />
            )}
          </Stat>
          <Stat label="Credits Available" testId="membership-credits" className="col-span-2 sm:col-span-1">
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
            <p className="mt-1.5 text-muted-foreground text-xs">
              Your monthly count starts again on {nextResetDate()}.
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

function QuickActionsCard() {
  const { signOut } = useSession();
  const [signingOut, setSigningOut] = useState(false);
  const itemClass =
    'flex w-full items-center gap-3 rounded-lg border px-4 py-3 text-left font-medium text-sm transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2 disabled:opacity-60 [&_svg]:size-4 [&_svg]:text-muted-foreground';
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Quick Actions</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-2">
          <li>
            <Link to="/settings" className={itemClass}>
              <SettingsIcon aria-hidden="true" />
              Account Settings
            </Link>
          </li>
          <li>
            <Link to="/history" className={itemClass}>
              <HistoryIcon aria-hidden="true" />
              Generation History
            </Link>
          </li>
          <li>
            <button
              type="button"
              className={itemClass}
              disabled={signingOut}
              onClick={async () => {
                setSigningOut(true);
                await signOut();
              }}
            >
              <LogOutIcon aria-hidden="true" />
              {signingOut ? 'Signing out…' : 'Sign Out'}
            </button>
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}

function GenerateCard({ me }: { me: Me | null }) {
  const limit = me?.membership.imageLimit ?? null;
  const left = me && limit !== null ? Math.max(0, limit - me.membership.imageCount) : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Generate New Clipart</CardTitle>
        <CardDescription>
          Create custom clipart using AI.
          {left !== null && (
            <>
              {' '}
              <span data-testid="generations-left">{MESSAGES.generationsLeft(left)}</span>
            </>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Generator returnTo="/dashboard" />
      </CardContent>
    </Card>
  );
}

function YourClipartCard() {
  const recent = useRecentImages();
  const [preview, setPreview] = useState<GeneratedImageView | null>(null);
  const images = recent.data ?? [];
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0">
        <div className="flex flex-col gap-1">
          <CardTitle as="h2">Your Clipart</CardTitle>
          <CardDescription>Your newest pictures. Click one to see it large.</CardDescription>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to="/history">
            <ImagesIcon aria-hidden="true" />
            View all history
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        {recent.isPending ? (
          <ul className="grid grid-cols-4 gap-2 sm:gap-3 lg:grid-cols-8" aria-hidden="true">
            {Array.from({ length: DASHBOARD_RECENT_IMAGES }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
              <li key={index}>
                <Skeleton className="aspect-square w-full rounded-lg" />
              </li>
            ))}
          </ul>
        ) : recent.isError ? (
          <p className="text-destructive text-sm" role="alert">
            Could not load your clipart: {errorMessage(recent.error)}
          </p>
        ) : images.length === 0 ? (
          <div
            className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center"
            data-testid="recent-empty"
          >
            <ImageIcon className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">{MESSAGES.historyEmpty}</p>
            <p className="text-muted-foreground text-sm">Pictures you make show up here.</p>
          </div>
        ) : (
          <ul className="grid grid-cols-4 gap-2 sm:gap-3 lg:grid-cols-8" data-testid="recent-images">
            {images.slice(0, DASHBOARD_RECENT_IMAGES).map((image) => (
              <li key={image.id}>
                <button
                  type="button"
                  onClick={() => setPreview(image)}
                  className="group block w-full overflow-hidden rounded-lg border bg-[conic-gradient(#f4f2f9_25%,#fff_0_50%,#f4f2f9_0_75%,#fff_0)] bg-[length:16px_16px] transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2"
                  aria-label={`View “${image.prompt}”`}
                >
                  <img
                    src={image.thumbUrl}
                    alt=""
                    width={Math.min(image.width, THUMB_SIZE)}
                    height={Math.min(image.height, THUMB_SIZE)}
                    loading="lazy"
                    decoding="async"
                    className="aspect-square h-auto w-full object-contain transition-transform group-hover:scale-105"
                  />
                </button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ImagePreviewDialog image={preview} onOpenChange={(open) => !open && setPreview(null)} />
    </Card>
  );
}

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

function CreditActivityCard() {
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

export default function DashboardPage() {
  const { me } = useSession();
  const name = me ? displayName({ fullName: me.user.fullName, email: me.user.email }) : '';
  return (
    <PageContainer size="xl" className="flex flex-col gap-6 sm:gap-8">
      <PageTitle title="Dashboard" />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-bold text-3xl tracking-tight">Dashboard</h1>
          <p className="mt-1 text-muted-foreground" data-testid="dashboard-greeting">
            {me?.user.signedInBefore ? 'Welcome back' : 'Welcome'}
            {name ? `, ${name}` : ''}.
          </p>
        </div>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <MembershipCard me={me} />
        <QuickActionsCard />
      </div>
      <GenerateCard me={me} />
      <YourClipartCard />
      <CreditActivityCard />
    </PageContainer>
  );
}
