import { GlobeIcon, LockIcon, RefreshCwIcon, Trash2Icon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { privacyChangeCost } from '../../../core/image-access';
import { tierLabel } from '../../../core/tiers';
import { truncate } from '../../../core/user';
import { errorMessage } from '../../lib/api';
import { type HistoryItem, useChangePrivacy, useDeleteImage } from '../../lib/gallery';
import { generatorLink } from '../../lib/generation';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { Button } from '../ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/dialog';
import { Spinner } from '../ui/spinner';

type HistoryImageActionsProps = {
  image: HistoryItem;
  onChanged: (image: HistoryItem) => void;
  onDeleted: () => void;
};

/**
 * The owner's actions in the history preview: make public/private (with what it costs, from the
 * same rule the server applies) and Delete behind a confirmation.
 */
export function HistoryImageActions({ image, onChanged, onDeleted }: HistoryImageActionsProps) {
  const { me, refresh } = useSession();
  const changePrivacy = useChangePrivacy();
  const deleteImage = useDeleteImage();
  const [confirming, setConfirming] = useState(false);

  const target = image.privacy === 'public' ? 'private' : 'public';
  // The same rule the server applies (core/image-access); the server's answer stays the authority.
  const rule = me
    ? privacyChangeCost({
        image,
        to: target,
        member: { tier: me.membership.tier, credits: me.credits },
        alreadyPaid: image.privacyPaid,
      })
    : null;

  let costNote: ReactNode;
  if (target === 'public') {
    costNote =
      'Making it public is free: it appears in the Explore gallery and anyone with its link can see it.';
  } else if (!rule || !me) {
    costNote = 'Only you will be able to see it.';
  } else if (!rule.allowed) {
    costNote = (
      <>
        {rule.message}{' '}
        <Link to="/pricing" className="font-medium text-primary underline-offset-4 hover:underline">
          Get credits or a plan
        </Link>
      </>
    );
  } else if (rule.reason === 'already-paid') {
    costNote = 'Making it private is free: its privacy is already paid for. Only you will see it.';
  } else if (rule.reason === 'plan-included') {
    costNote = `Making it private is included in your ${tierLabel(me.membership.tier)} plan.`;
  } else {
    costNote = `Making it private uses 1 credit once (you have ${me.credits}); after that it switches for free.`;
  }

  const toggle = () =>
    changePrivacy.mutate(
      { id: image.id, privacy: target },
      {
        onSuccess: async ({ image: updated, cost }) => {
          onChanged(updated);
          toast.success(
            updated.privacy === 'private'
              ? `Image is now private${cost ? ' (1 credit used)' : ''}`
              : 'Image is now public',
          );
          await refresh();
        },
      },
    );

  const remove = () =>
    deleteImage.mutate(image.id, {
      onSuccess: () => {
        setConfirming(false);
        onDeleted();
        toast.success('Image deleted');
      },
    });

  return (
    <div className="mt-1 flex basis-full flex-wrap items-center gap-2 border-t pt-4">
      <Button variant="outline" onClick={toggle} disabled={changePrivacy.isPending}>
        {changePrivacy.isPending ? (
          <Spinner className="size-4" label="Saving" />
        ) : target === 'private' ? (
          <LockIcon aria-hidden="true" />
        ) : (
          <GlobeIcon aria-hidden="true" />
        )}
        {target === 'private' ? 'Make private' : 'Make public'}
      </Button>
      {/* A new generation with the same prompt and options: the generator shows its cost first. */}
      <Button variant="outline" asChild>
        <Link
          to={generatorLink({
            prompt: image.prompt,
            theme: image.theme,
            quality: image.quality,
            privacy: image.privacy,
          })}
          data-testid="more-like-this-link"
        >
          <RefreshCwIcon aria-hidden="true" />
          More like this
        </Link>
      </Button>
      <Button
        variant="ghost"
        className="ml-auto text-destructive hover:bg-destructive/10 hover:text-destructive"
        onClick={() => setConfirming(true)}
      >
        <Trash2Icon aria-hidden="true" />
        Delete
      </Button>
      <p className="basis-full text-muted-foreground text-sm">{costNote}</p>
      {changePrivacy.isError && (
        <p className="basis-full font-medium text-destructive text-sm" role="alert">
          {errorMessage(changePrivacy.error)}
        </p>
      )}

      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          if (deleteImage.isPending) return;
          setConfirming(open);
          if (!open) deleteImage.reset();
        }}
      >
        <DialogContent role="alertdialog" className="max-w-md">
          <DialogHeader>
            <DialogTitle>Delete this image?</DialogTitle>
            <DialogDescription>
              “{truncate(image.prompt, 60)}” will be removed from your history
              {image.privacy === 'public' ? ', the Explore gallery and its share link' : ''}. This can't be
              undone.
            </DialogDescription>
          </DialogHeader>
          {deleteImage.isError && (
            <p className="font-medium text-destructive text-sm" role="alert">
              {errorMessage(deleteImage.error)}
            </p>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={deleteImage.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant="destructive" onClick={remove} disabled={deleteImage.isPending}>
              {deleteImage.isPending ? <Spinner className="size-4 text-current" label="Deleting" /> : null}
              {deleteImage.isPending ? 'Deleting...' : 'Delete image'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
