import { ExternalLinkIcon, UserRoundIcon } from 'lucide-react';
import { Link } from 'react-router';
import { formatShortDate, type GalleryItem, sharePath } from '../../lib/gallery';
import { DownloadMenu } from '../download-menu';
import { CopyUrlButton } from '../generator/copy-url-button';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../ui/dialog';
import { ProgressiveImage } from './progressive-image';

type GalleryLightboxProps = { item: GalleryItem | null; onOpenChange: (open: boolean) => void };

/**
 * The large view of a public gallery image: the full picture, its prompt, owner and date,
 * Download and the share link. (The dashboard's preview dialog is for the owner's own images and
 * shows privacy and theme, which the public gallery does not expose.)
 */
export function GalleryLightbox({ item, onOpenChange }: GalleryLightboxProps) {
  return (
    <Dialog open={item !== null} onOpenChange={onOpenChange}>
      {item && (
        <DialogContent className="max-w-4xl gap-0 p-0 sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="flex items-center justify-center border-b bg-muted sm:rounded-l-xl sm:border-r sm:border-b-0">
            <ProgressiveImage image={item} alt={item.prompt} className="w-full" />
          </div>
          <div className="flex flex-col gap-4 p-6">
            <div className="space-y-2 pr-6">
              <DialogTitle className="text-pretty leading-snug">{item.prompt}</DialogTitle>
              <DialogDescription className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="inline-flex items-center gap-1.5">
                  <UserRoundIcon className="size-4" aria-hidden="true" />
                  {item.owner}
                </span>
                <time dateTime={item.createdAt}>{formatShortDate(item.createdAt)}</time>
              </DialogDescription>
            </div>
            <div className="mt-auto flex flex-col gap-2 sm:pt-6">
              <DownloadMenu image={item} className="w-full [&>a]:flex-1" />
              <CopyUrlButton image={{ url: item.url, shareUrl: sharePath(item.id), privacy: 'public' }} />
              <Button asChild variant="ghost">
                <Link to={sharePath(item.id)}>
                  <ExternalLinkIcon aria-hidden="true" />
                  Open share page
                </Link>
              </Button>
            </div>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
