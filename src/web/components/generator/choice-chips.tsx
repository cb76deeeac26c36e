import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';

export type Choice<T extends string> = {
  value: T;
  label: ReactNode;
  disabled?: boolean;
};

type ChoiceChipsProps<T extends string> = {
  /** The group's visible name (a <legend>). */
  legend: string;
  name: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  /** Shown under the chips, e.g. why some are disabled. */
  note?: ReactNode;
  className?: string;
};

/**
 * A row of native radio buttons drawn as chips: arrow keys move between them, disabled ones are
 * skipped, and the group is announced with its legend.
 */
export function ChoiceChips<T extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
  note,
  className,
}: ChoiceChipsProps<T>) {
  return (
    <fieldset className={cn('min-w-0', className)}>
      <legend className="mb-2 font-medium text-sm">{legend}</legend>
      <div className="flex flex-wrap gap-1.5">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={cn(
              'inline-flex cursor-pointer select-none items-center rounded-full border bg-background px-3 py-1.5 text-xs transition-colors hover:border-primary/50 hover:bg-accent',
              'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-ring has-[input:focus-visible]:outline-offset-2',
              'has-[input:checked]:border-primary has-[input:checked]:bg-primary has-[input:checked]:text-primary-foreground',
              'has-[input:disabled]:cursor-not-allowed has-[input:disabled]:opacity-45 has-[input:disabled]:hover:border-border has-[input:disabled]:hover:bg-background',
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={choice.value}
              checked={choice.value === value}
              disabled={choice.disabled}
              onChange={() => onChange(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </div>
      {note && <p className="mt-1.5 text-muted-foreground text-xs">{note}</p>}
    </fieldset>
  );
}
