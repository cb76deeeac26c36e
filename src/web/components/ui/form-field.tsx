import { AlertCircleIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { Input } from './input';
import { Label } from './label';

/** A field's own message; FormField links it to its control. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 flex items-center gap-1.5 text-destructive text-sm">
      <AlertCircleIcon className="size-4 shrink-0" aria-hidden="true" />
      {message}
    </p>
  );
}

/** What FormField hands its control: spread it on the input, textarea or checkbox. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
};

export type FormFieldProps = {
  id: string;
  label: ReactNode;
  /** The field's own message; empty means the field is fine. */
  error?: string;
  /** A lasting note under the control (rules, what happens next). */
  hint?: ReactNode;
  /** Ids of other text that describes the field, read after the hint and the message. */
  describedBy?: string;
  /** Marks the label with a visual asterisk; say so on the control too (aria-required). */
  required?: boolean;
  layout?: 'stacked' | 'inline';
  className?: string;
  labelClassName?: string;
};

/**
 * One labelled form field: the label, the control, an optional hint and the field's own message.
 * The control gets the id the label points at, aria-invalid while there is a message, and
 * aria-describedby naming the hint and the message, so a screen reader reads them with the field.
 * The message's id is `${id}-error`, the hint's `${id}-hint`.
 *
 * `layout="inline"` puts the control before its label on one line (a checkbox).
 */
export function FormField({
  id,
  label,
  error,
  hint,
  describedBy,
  required,
  layout = 'stacked',
  className,
  labelClassName,
  children,
}: FormFieldProps & { children: (control: FieldControlProps) => ReactNode }) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const control: FieldControlProps = {
    id,
    'aria-invalid': Boolean(error),
    'aria-describedby': [errorId, hintId, describedBy].filter(Boolean).join(' ') || undefined,
  };
  const labelElement = (
    <Label
      htmlFor={id}
      className={cn(layout === 'inline' && 'inline font-normal leading-snug', labelClassName)}
    >
      {label}
      {required && (
        <span className="text-destructive" aria-hidden="true">
          *
        </span>
      )}
    </Label>
  );
  return (
    <div className={className}>
      {layout === 'inline' ? (
        <div className="flex items-start gap-2">
          {children(control)}
          {labelElement}
        </div>
      ) : (
        <>
          {labelElement}
          <div className="mt-2">{children(control)}</div>
        </>
      )}
      {hint && (
        <p id={hintId} className="mt-1.5 text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export type InputFieldProps = Omit<FormFieldProps, 'required'> &
  Omit<ComponentProps<'input'>, 'id' | 'onChange'> & {
    /** The text as typed, on every change. */
    onValue: (value: string) => void;
  };

/**
 * A FormField around one text input, the common case. The field's props go to FormField, the rest
 * to the input (`required` too: it is the input's, not the label's asterisk).
 */
export function InputField({
  id,
  label,
  error,
  hint,
  describedBy,
  layout,
  className,
  labelClassName,
  onValue,
  ...input
}: InputFieldProps) {
  return (
    <FormField {...{ id, label, error, hint, describedBy, layout, className, labelClassName }}>
      {(control) => <Input {...control} {...input} onChange={(event) => onValue(event.target.value)} />}
    </FormField>
  );
}
