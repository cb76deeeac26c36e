import { UserRoundIcon } from 'lucide-react';
import { formatShortDate, type GalleryItem, thumbSize } from '../../lib/gallery';

type GalleryCardProps = { item: GalleryItem; onOpen: (item: GalleryItem) => void };

/** One public image in the Explore grid; the whole card opens the large view. */
export function GalleryCard({ item, onOpen }: GalleryCardProps) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      <div className="aspect-square overflow-hidden bg-muted">
        <img
          src={item.thumbUrl}
          alt={item.prompt}
          {...thumbSize(item)}
          loading="lazy"
          decoding="async"
          className="size-full object-contain transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <p className="font-medium leading-snug" title={item.prompt}>
          <button
            type="button"
            onClick={() => onOpen(item)}
            className="text-left after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-ring focus-visible:after:outline-offset-2"
          >
            {/* Clamped inside the button: a button is one inline box, so the paragraph's clamp never cut it. */}
            <span className="line-clamp-2 break-words" data-testid="explore-prompt">
              {item.prompt}
            </span>
          </button>
        </p>
        <p className="mt-auto flex items-center justify-between gap-2 text-muted-foreground text-sm">
          <span className="inline-flex min-w-0 items-center gap-1.5">
            <UserRoundIcon className="size-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{item.owner}</span>
          </span>
          <time dateTime={item.createdAt} className="shrink-0">
            {formatShortDate(item.createdAt)}
          </time>
        </p>
      </div>
    </article>
  );
}

/** The shape of a card while the first page loads. */
export function GalleryCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl border bg-card shadow-sm" aria-hidden="true">
      <div className="aspect-square animate-pulse bg-muted-foreground/10" />
      <div className="space-y-3 p-4">
        <div className="h-4 w-4/5 animate-pulse rounded bg-muted-foreground/15" />
        <div className="h-4 w-3/5 animate-pulse rounded bg-muted-foreground/15" />
        <div className="flex justify-between pt-1">
          <div className="h-3.5 w-20 animate-pulse rounded bg-muted-foreground/10" />
          <div className="h-3.5 w-16 animate-pulse rounded bg-muted-foreground/10" />
        </div>
      </div>
    </div>
  );
}
