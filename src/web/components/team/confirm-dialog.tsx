import type { ReactNode } from 'react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { FormAlert } from '../form-message';
import { Button } from '../ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../ui/dialog';

/**
 * A button that asks before doing something that cannot be taken back (removing a member, leaving
 * the team). The dialog stays open while the request runs and shows its error if it fails.
 */
export function ConfirmAction({
  trigger,
  title,
  description,
  confirmLabel,
  keepLabel,
  pending,
  error,
  onConfirm,
  onClosed,
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  keepLabel: string;
  pending: boolean;
  error: unknown;
  /** Runs the action; resolves true when done (the dialog then closes). */
  onConfirm: () => Promise<boolean>;
  onClosed: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        setOpen(next);
        if (!next) onClosed();
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent closeLabel="Close">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {error ? <FormAlert>{errorMessage(error)}</FormAlert> : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              {keepLabel}
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={pending}
            onClick={async () => {
              if (await onConfirm()) setOpen(false);
            }}
          >
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
