import { CheckIcon, LinkIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { GeneratedImageView } from '../../../core/api';
import { COPIED_MS } from '../../../core/constants';
import { MESSAGES } from '../../../core/messages';
import { copyText, imageLink } from '../../lib/generation';
import { toast } from '../../lib/toast';
import { Button } from '../ui/button';

type CopyUrlButtonProps = {
  image: Pick<GeneratedImageView, 'url' | 'shareUrl' | 'privacy'>;
  size?: 'default' | 'sm';
  className?: string;
};

/** The note under a private picture's Copy image link: the address answers no one else. */
export const PRIVATE_LINK_NOTE = 'Only works for you, signed in: others get “not found”.';

/**
 * Copies the absolute link and says which one: 'Copy share link' (the share page of a public
 * image) or 'Copy image link' (the owner-only image address of a private one, with a line saying
 * so). Says 'Copied!' for COPIED_MS.
 */
export function CopyUrlButton({ image, size = 'default', className }: CopyUrlButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const noteId = useId();
  // What imageLink copies decides the words: a share page exists only for a public picture.
  const ownerOnly = !image.shareUrl;

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await copyText(imageLink(image));
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not copy the link');
    }
  };

  return (
    <>
      <Button
        variant="outline"
        size={size}
        className={className}
        onClick={copy}
        aria-describedby={ownerOnly ? noteId : undefined}
      >
        {copied ? <CheckIcon className="text-success" aria-hidden="true" /> : <LinkIcon aria-hidden="true" />}
        <span aria-live="polite">
          {copied ? MESSAGES.copied : ownerOnly ? 'Copy image link' : 'Copy share link'}
        </span>
      </Button>
      {ownerOnly && (
        // Its own line in the flex-wrap row of actions.
        <p id={noteId} className="order-last basis-full text-muted-foreground text-xs">
          {PRIVATE_LINK_NOTE}
        </p>
      )}
    </>
  );
}
