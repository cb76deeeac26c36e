import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertTriangleIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Me } from '../../../core/api';
import { tierLabel } from '../../../core/tiers';
import { ApiError, api, errorMessage } from '../../lib/api';
import { ME_QUERY_KEY } from '../../lib/session';
import { toast } from '../../lib/toast';
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
import { FormField } from '../ui/form-field';
import { Input } from '../ui/input';

export const ACCOUNT_DELETED = 'Your account has been deleted';

/** DELETE /api/me with the account's e-mail as its confirmation. */
const deleteAccount = (confirmEmail: string) => api.delete<null>('/api/me', { confirmEmail });

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The Danger Zone's 'Delete Account': a confirmation dialog in which the member types their own
 * e-mail (the button stays disabled until it matches). The server cancels a paid subscription
 * first, then removes the account, its images and its sessions.
 */
export function DeleteAccount({ me }: { me: Me }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const paid = me.membership.tier !== 'free';
  const matches = sameEmail(typed, me.user.email);

  const remove = useMutation({
    mutationFn: () => deleteAccount(typed.trim()),
    onSuccess: () => {
      // Leave the protected page first, so losing the session does not bounce to the sign-in form.
      navigate('/', { replace: true });
      queryClient.clear();
      queryClient.setQueryData(ME_QUERY_KEY, null);
      toast(ACCOUNT_DELETED, { id: 'account-deleted' });
    },
  });

  // The server's own check of the typed e-mail belongs under that field; anything else above the form.
  const mismatch =
    remove.error instanceof ApiError && remove.error.code === 'confirmation_mismatch'
      ? remove.error.message
      : undefined;

  function onOpenChange(next: boolean) {
    if (remove.isPending) return;
    setOpen(next);
    if (!next) {
      setTyped('');
      remove.reset();
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (matches && !remove.isPending) remove.mutate();
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="destructive" className="w-full sm:w-auto">
          <Trash2Icon aria-hidden="true" />
          Delete Account
        </Button>
      </DialogTrigger>
      <DialogContent
        closeLabel="Keep my account"
        onEscapeKeyDown={(event) => remove.isPending && event.preventDefault()}
        onInteractOutside={(event) => remove.isPending && event.preventDefault()}
      >
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              This permanently deletes your profile, every image you have generated, your credits and your
              history. It cannot be undone.
            </DialogDescription>
          </DialogHeader>

          {paid && (
            <div
              className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900 text-sm"
              data-testid="delete-subscription-warning"
            >
              <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <p>
                Your active <strong>{tierLabel(me.membership.tier)}</strong> subscription will be cancelled
                straight away and will not renew. The rest of the current period is not refunded.
              </p>
            </div>
          )}

          {remove.isError && !mismatch && <FormAlert>{errorMessage(remove.error)}</FormAlert>}

          <FormField
            id="delete-confirm-email"
            labelClassName="block leading-normal"
            error={mismatch}
            label={
              <>
                To confirm, type your email address{' '}
                <span className="mt-1 block break-all font-semibold text-foreground">{me.user.email}</span>
              </>
            }
          >
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                value={typed}
                onChange={(event) => {
                  setTyped(event.target.value);
                  if (remove.isError) remove.reset();
                }}
                disabled={remove.isPending}
              />
            )}
          </FormField>

          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={remove.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={!matches || remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete my account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
