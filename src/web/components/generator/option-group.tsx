import { CheckIcon, LockIcon, SparklesIcon } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import type { ReactNode } from 'react';
import { MESSAGES } from '../../../core/messages';
import { cn } from '../../lib/utils';
import type { PremiumGate } from './gating';

export type OptionItem<T extends string> = {
  value: T;
  label: string;
  description: string;
  premium: boolean;
  /** A small picture or icon drawn above (tiles) or beside (rows) the label. */
  visual?: ReactNode;
};

type OptionGroupProps<T extends string> = {
  /** Visible label of the group; also its accessible name. */
  label: string;
  value: T;
  items: readonly OptionItem<T>[];
  gate: PremiumGate;
  disabled?: boolean;
  /** 'tiles' for the theme grid, 'rows' for two-choice settings. */
  layout: 'tiles' | 'rows';
  /** Called for every pick, locked ones included: the caller decides what to say and to keep. */
  onPick: (value: T, locked: boolean) => void;
  /** The group's message line (e.g. the 2-second theme message). */
  message?: ReactNode;
  className?: string;
};

/**
 * A radio group of generation options. Premium options that the member cannot pay for stay
 * focusable but dimmed, with the reason on them ('Not enough credits'); picking one reports
 * `locked` so the caller can explain instead of selecting.
 */
export function OptionGroup<T extends string>({
  label,
  value,
  items,
  gate,
  disabled,
  layout,
  onPick,
  message,
  className,
}: OptionGroupProps<T>) {
  const labelId = `option-group-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div className={cn('min-w-0', className)}>
      <p id={labelId} className="mb-2 font-medium text-sm">
        {label}
      </p>
      <RadioGroup.Root
        aria-labelledby={labelId}
        value={value}
        disabled={disabled}
        onValueChange={(next) => {
          const item = items.find((candidate) => candidate.value === next);
          if (item) onPick(item.value, item.premium && gate.locked);
        }}
        className={cn(
          layout === 'tiles' ? 'grid grid-cols-2 gap-2 sm:grid-cols-3' : 'grid grid-cols-1 gap-2',
        )}
      >
        {items.map((item) => {
          const locked = item.premium && gate.locked;
          const hint = item.premium ? gate.hint : null;
          return (
            <RadioGroup.Item
              key={item.value}
              value={item.value}
              aria-describedby={`${labelId}-${item.value}-hint`}
              data-locked={locked || undefined}
              data-testid={`option-${item.value}`}
              className={cn(
                'group relative flex min-w-0 rounded-lg border bg-background text-left transition-colors',
                'hover:border-primary/50 hover:bg-accent/60 focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2',
                'data-[state=checked]:border-primary data-[state=checked]:bg-accent data-[state=checked]:ring-1 data-[state=checked]:ring-primary',
                'disabled:cursor-not-allowed disabled:opacity-60',
                layout === 'tiles' ? 'flex-col items-stretch p-2' : 'items-start gap-3 p-3',
                locked && 'bg-muted/60 hover:border-border hover:bg-muted/60',
              )}
            >
              {item.visual && (
                <span
                  className={cn(
                    'shrink-0',
                    layout === 'tiles' && 'mb-2',
                    locked && 'opacity-50 grayscale-[60%]',
                  )}
                >
                  {item.visual}
                </span>
              )}
              <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span
                  className={cn(
                    'flex items-center gap-1.5 font-medium text-sm leading-tight',
                    locked && 'text-muted-foreground',
                  )}
                >
                  <span className="truncate">{item.label}</span>
                  {item.premium &&
                    (locked ? (
                      <LockIcon className="size-3.5 shrink-0" aria-label="Premium" />
                    ) : (
                      <SparklesIcon className="size-3.5 shrink-0 text-amber-600" aria-label="Premium" />
                    ))}
                </span>
                <span
                  id={`${labelId}-${item.value}-hint`}
                  className={cn(
                    'text-xs leading-snug',
                    // Orange only for a price still to pay; 'Included…' and reasons stay quiet.
                    hint === MESSAGES.premiumTileCost ? 'text-amber-700' : 'text-muted-foreground',
                  )}
                >
                  {hint ?? item.description}
                </span>
              </span>
              <RadioGroup.Indicator
                className={cn(
                  'absolute flex size-5 items-center justify-center rounded-full bg-primary text-primary-foreground',
                  layout === 'tiles' ? 'top-3.5 right-3.5' : 'top-3 right-3',
                )}
              >
                <CheckIcon className="size-3" strokeWidth={3} aria-hidden="true" />
              </RadioGroup.Indicator>
            </RadioGroup.Item>
          );
        })}
      </RadioGroup.Root>
      <div aria-live="polite" className="min-h-0">
        {message}
      </div>
    </div>
  );
}
