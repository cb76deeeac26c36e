import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import type { ApiKey } from '../../../core/public-api';
import { errorMessage } from '../../lib/api';
import { useRevokeApiKey } from '../../lib/api-keys';
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

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : 'Never');

function RevokeKey({ apiKey }: { apiKey: ApiKey }) {
  const [open, setOpen] = useState(false);
  const revoke = useRevokeApiKey();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (revoke.isPending) return;
        setOpen(next);
        if (!next) revoke.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Revoke ${apiKey.name}`}>
          <Trash2Icon aria-hidden="true" />
          Revoke
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel="Keep the key">
        <DialogHeader>
          <DialogTitle>Revoke “{apiKey.name}”?</DialogTitle>
          <DialogDescription>
            Programs using this key stop working at once. This cannot be undone; you can make a new key any
            time.
          </DialogDescription>
        </DialogHeader>
        {revoke.isError && <FormAlert>{errorMessage(revoke.error)}</FormAlert>}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={revoke.isPending}>
              Keep it
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={revoke.isPending}
            onClick={() =>
              revoke.mutate(apiKey.id, {
                onSuccess: () => {
                  setOpen(false);
                  toast.success(`Revoked ${apiKey.name}`, { id: 'api-key-revoked' });
                },
              })
            }
          >
            Revoke key
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function KeyList({ keys }: { keys: ApiKey[] }) {
  if (keys.length === 0) {
    return <p className="text-muted-foreground text-sm">You have no API keys yet.</p>;
  }
  return (
    <ul className="divide-y rounded-lg border" aria-label="Your API keys">
      {keys.map((key) => (
        <li key={key.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="truncate font-medium">{key.name}</p>
            <p className="mt-1 font-mono text-muted-foreground text-xs">{key.prefix}…</p>
            <dl className="mt-1 flex flex-wrap gap-x-4 text-muted-foreground text-xs">
              <div className="flex gap-1">
                <dt>Created</dt>
                <dd>{when(key.createdAt)}</dd>
              </div>
              <div className="flex gap-1">
                <dt>Last used</dt>
                <dd>{when(key.lastUsedAt)}</dd>
              </div>
            </dl>
          </div>
          <RevokeKey apiKey={key} />
        </li>
      ))}
    </ul>
  );
}
