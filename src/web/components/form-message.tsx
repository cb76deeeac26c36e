import { AlertCircleIcon, CheckCircle2Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/utils';

/** A form-level message box (the server's answer, not one field's). */
export function FormAlert({
  children,
  variant = 'error',
  className,
}: {
  children: ReactNode;
  variant?: 'error' | 'success' | 'info';
  className?: string;
}) {
  const Icon = variant === 'success' ? CheckCircle2Icon : AlertCircleIcon;
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-2 rounded-lg border px-4 py-3 text-sm',
        variant === 'error' && 'border-red-200 bg-red-50 text-red-800',
        variant === 'success' && 'border-green-200 bg-green-50 text-green-800',
        variant === 'info' && 'border-violet-200 bg-violet-50 text-violet-900',
        className,
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div>{children}</div>
    </div>
  );
}
