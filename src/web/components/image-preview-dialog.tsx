import { GlobeIcon, LockIcon } from 'lucide-react';
import { type RefObject, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { GeneratedImageView, HistoryItem } from '../../core/api';
import { artDirectionDetails } from '../../core/art-direction';
import { findTheme } from '../../core/options';
import { ArtCredit, DownloadMenu } from './download-menu';
import { HistoryImageActions } from './gallery/history-image-actions';
import { CopyUrlButton } from './generator/copy-url-button';
import { Badge } from './ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './ui/dialog';

type ImagePreviewDialogProps = {
  /** The member's own picture to show; null closes the dialog. */
  image: HistoryItem | null;
  onOpenChange: (open: boolean) => void;
  /** The picture after a privacy change. */
  onChanged: (image: HistoryItem) => void;
  /** The picture was deleted. */
  onDeleted: () => void;
  /**
   * What had the focus before the dialog opened (the tile): it gets it back on close, however the
   * dialog closes (Esc, the close button, Back). Radix would focus the body: there is no Trigger.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
};

/**
 * Opening and closing the picture modal, the same on every page that lists the member's pictures
 * (dashboard, History): the open picture is a history entry of its own, so Back closes it instead
 * of leaving the page, and the focus goes back to the thumbnail that opened it.
 */
export function usePicturePreview() {
  const [selected, setSelected] = useState<HistoryItem | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const previewId = (location.state as { preview?: string } | null)?.preview ?? null;
  const shown = selected && selected.id === previewId ? selected : null;
  const opener = useRef<HTMLElement | null>(null);
  const open = (image: HistoryItem) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setSelected(image);
    navigate(`${location.pathname}${location.search}`, { state: { preview: image.id } });
  };
  const close = () => {
    if (previewId) navigate(-1);
    setSelected(null);
  };
  const dialogProps: ImagePreviewDialogProps = {
    image: shown,
    onOpenChange: (isOpen) => !isOpen && close(),
    onChanged: setSelected,
    onDeleted: close,
    returnFocusTo: opener,
  };
  return { open, dialogProps };
}

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

/**
 * The one large view of a member's own picture, wherever it opens: Download, the copy link,
 * privacy, More like this and Delete. Open it with usePicturePreview.
 */
export function ImagePreviewDialog({
  image,
  onOpenChange,
  onChanged,
  onDeleted,
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
          <ArtCredit artSets={image.artSets} className="-mt-2" />
          <div className="flex flex-wrap items-center gap-2">
            <DownloadMenu
              image={{
                id: image.id,
                createdAt: image.createdAt,
                hasVector: image.hasVector,
                transparentBackground: image.transparentBackground,
                artSets: image.artSets,
              }}
            />
            <CopyUrlButton image={image} />
            <HistoryImageActions key={image.id} image={image} onChanged={onChanged} onDeleted={onDeleted} />
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
