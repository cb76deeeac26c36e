import { CheckIcon, LinkIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
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

/**
 * Copies the absolute link: the share page for a public image, the owner-only image address for
 * a private one. Says 'Copied!' for COPIED_MS.
 */
export function CopyUrlButton({ image, size = 'default', className }: CopyUrlButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

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
    <Button
      variant="outline"
      size={size}
      className={className}
      onClick={copy}
      title={image.privacy === 'private' ? 'Only you can open this link' : 'Anyone with the link can view it'}
    >
      {copied ? <CheckIcon className="text-success" aria-hidden="true" /> : <LinkIcon aria-hidden="true" />}
      <span aria-live="polite">{copied ? MESSAGES.copied : 'Copy URL'}</span>
    </Button>
  );
}
