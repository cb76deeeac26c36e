import { ImageIcon, ImagesIcon } from 'lucide-react';
import { Link } from 'react-router';
import { DASHBOARD_RECENT_IMAGES, THUMB_SIZE } from '../../../core/constants';
import { MESSAGES } from '../../../core/messages';
import { errorMessage } from '../../lib/api';
import { useRecentImages } from '../../lib/generation';
import { ImagePreviewDialog, usePicturePreview } from '../image-preview-dialog';
import { Button } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { Skeleton } from '../ui/skeleton';

export function YourClipartCard() {
  const recent = useRecentImages();
  const preview = usePicturePreview();
  const images = recent.data ?? [];
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0">
        <div className="flex flex-col gap-1">
          <CardTitle as="h2">Your Clipart</CardTitle>
          <CardDescription>Your newest pictures. Click one to see it large.</CardDescription>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to="/history">
            <ImagesIcon aria-hidden="true" />
            View all history
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        {recent.isPending ? (
          <ul className="grid grid-cols-4 gap-2 sm:gap-3 lg:grid-cols-8" aria-hidden="true">
            {Array.from({ length: DASHBOARD_RECENT_IMAGES }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
              <li key={index}>
                <Skeleton className="aspect-square w-full rounded-lg" />
              </li>
            ))}
          </ul>
        ) : recent.isError ? (
          <p className="text-destructive text-sm" role="alert">
            Could not load your clipart: {errorMessage(recent.error)}
          </p>
        ) : images.length === 0 ? (
          <div
            className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center"
            data-testid="recent-empty"
          >
            <ImageIcon className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">{MESSAGES.historyEmpty}</p>
            <p className="text-muted-foreground text-sm">Pictures you make show up here.</p>
          </div>
        ) : (
          <ul className="grid grid-cols-4 gap-2 sm:gap-3 lg:grid-cols-8" data-testid="recent-images">
            {images.slice(0, DASHBOARD_RECENT_IMAGES).map((image) => (
              <li key={image.id}>
                <button
                  type="button"
                  onClick={() => preview.open(image)}
                  className="group block w-full overflow-hidden rounded-lg border bg-[conic-gradient(#f4f2f9_25%,#fff_0_50%,#f4f2f9_0_75%,#fff_0)] bg-[length:16px_16px] transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2"
                  aria-label={`View “${image.prompt}”`}
                >
                  <img
                    src={image.thumbUrl}
                    alt=""
                    width={Math.min(image.width, THUMB_SIZE)}
                    height={Math.min(image.height, THUMB_SIZE)}
                    loading="lazy"
                    decoding="async"
                    className="aspect-square h-auto w-full object-contain transition-transform group-hover:scale-105"
                  />
                </button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ImagePreviewDialog {...preview.dialogProps} />
    </Card>
  );
}
