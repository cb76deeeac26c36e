import { GlobeIcon, LockIcon } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import type { GeneratedImageView } from '../../core/api';
import { artDirectionDetails } from '../../core/art-direction';
import { findTheme } from '../../core/options';
import { DownloadMenu } from './download-menu';
import { CopyUrlButton } from './generator/copy-url-button';
import { Badge } from './ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './ui/dialog';

type ImagePreviewDialogProps = {
  /** The image to show; null closes the dialog. */
  image: GeneratedImageView | null;
  onOpenChange: (open: boolean) => void;
  /** Extra actions under the image (the history page adds its privacy switch and Delete). */
  children?: ReactNode;
  /** Whether the image has its own vector (SVG download without tracing). */
  hasVector?: boolean;
  /**
   * What had the focus before the dialog opened (the tile): it gets it back on close, however the
   * dialog closes (Esc, the close button, Back). Radix would focus the body: there is no Trigger.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
};

export function formatImageDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

export function PrivacyBadge({ privacy }: { privacy: GeneratedImageView['privacy'] }) {
  return privacy === 'public' ? (
    <Badge variant="success">
      <GlobeIcon className="size-3" aria-hidden="true" />
      Public
    </Badge>
  ) : (
    <Badge variant="secondary">
      <LockIcon className="size-3" aria-hidden="true" />
      Private
    </Badge>
  );
}

/** A large view of one of the member's images, with Download and Copy URL. */
export function ImagePreviewDialog({
  image,
  onOpenChange,
  children,
  hasVector,
  returnFocusTo,
}: ImagePreviewDialogProps) {
  return (
    <Dialog open={image !== null} onOpenChange={onOpenChange}>
      {image && (
        <DialogContent
          className="max-w-2xl gap-5"
          data-testid="image-preview-dialog"
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo?.current;
            if (!target?.isConnected) return;
            event.preventDefault();
            target.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle className="line-clamp-3 text-pretty break-words">{image.prompt}</DialogTitle>
            <DialogDescription asChild>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
                <PrivacyBadge privacy={image.privacy} />
                <span>
                  {findTheme(image.theme)?.label ?? image.theme} ·{' '}
                  <time dateTime={image.createdAt}>{formatImageDate(image.createdAt)}</time>
                </span>
              </div>
            </DialogDescription>
          </DialogHeader>
          <ArtDirectionDetails image={image} />
          <div className="overflow-hidden rounded-xl border bg-[conic-gradient(#f4f2f9_25%,#fff_0_50%,#f4f2f9_0_75%,#fff_0)] bg-[length:24px_24px]">
            <img
              src={image.url}
              alt={image.prompt}
              width={image.width}
              height={image.height}
              className="mx-auto aspect-square h-auto max-h-[60dvh] w-full object-contain"
            />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <DownloadMenu
              image={{
                id: image.id,
                createdAt: image.createdAt,
                hasVector: hasVector ?? image.hasVector,
                transparentBackground: image.transparentBackground,
              }}
            />
            <CopyUrlButton image={image} />
            {children}
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}

/** The art direction controls the picture was made with, one per line; nothing when none was set. */
function ArtDirectionDetails({ image }: { image: GeneratedImageView }) {
  const details = artDirectionDetails(image.artDirection);
  if (details.length === 0) return null;
  return (
    <section aria-label="Art direction" data-testid="art-direction-details">
      <h3 className="mb-1 font-medium text-sm">Art direction</h3>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {details.map(({ control, value }) => (
          <div key={control} className="flex gap-1">
            <dt className="text-muted-foreground">{control}:</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
