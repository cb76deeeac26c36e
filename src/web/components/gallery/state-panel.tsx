import { AlertTriangleIcon, type LucideIcon, RefreshCwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';

type StatePanelProps = {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  /** Buttons or links under the text. */
  actions?: ReactNode;
  tone?: 'default' | 'error';
  /** h1 when the panel is the whole page (the share page's not-found). */
  headingLevel?: 'h1' | 'h2';
  className?: string;
};

/** The centred empty / error / not-found block the gallery pages share. */
export function StatePanel({
  icon: Icon,
  title,
  children,
  actions,
  tone = 'default',
  headingLevel: Heading = 'h2',
  className,
}: StatePanelProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className={cn(
        'flex flex-col items-center rounded-xl border border-dashed px-6 py-14 text-center',
        tone === 'error' ? 'border-destructive/40 bg-destructive/5' : 'bg-muted/50',
        className,
      )}
    >
      <span
        className={cn(
          'flex size-14 items-center justify-center rounded-full',
          tone === 'error' ? 'bg-destructive/10 text-destructive' : 'bg-secondary text-primary',
        )}
      >
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <Heading
        className={cn(
          'mt-4 font-semibold',
          Heading === 'h1' ? 'text-balance text-xl sm:text-2xl' : 'text-lg',
        )}
      >
        {title}
      </Heading>
      {children && <div className="mt-1 max-w-md text-pretty text-muted-foreground">{children}</div>}
      {actions && <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div>}
    </div>
  );
}

/** A page's data could not be loaded: why, and a button to ask again. */
export function LoadFailedPanel({
  title,
  onRetry,
  children,
  headingLevel,
}: {
  title: string;
  onRetry: () => void;
  children: ReactNode;
  headingLevel?: 'h1' | 'h2';
}) {
  return (
    <StatePanel
      tone="error"
      icon={AlertTriangleIcon}
      title={title}
      headingLevel={headingLevel}
      actions={
        <Button variant="outline" onClick={onRetry}>
          <RefreshCwIcon aria-hidden="true" />
          Try again
        </Button>
      }
    >
      {children}
    </StatePanel>
  );
}
