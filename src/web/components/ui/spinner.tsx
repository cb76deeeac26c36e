import { Loader2Icon } from 'lucide-react';
import { cn } from '../../lib/utils';

type SpinnerProps = { className?: string; label?: string };

/** An accessible busy indicator: announced once by screen readers, purely decorative otherwise. */
export function Spinner({ className, label = 'Loading' }: SpinnerProps) {
  return (
    <span role="status" aria-live="polite" className="inline-flex items-center">
      <Loader2Icon className={cn('size-6 animate-spin text-primary', className)} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** The full-area centred spinner used while a page or the session is loading. */
export function CenteredSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center" data-testid="centered-spinner">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
