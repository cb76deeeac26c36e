import { EyeIcon, GlobeIcon, LockIcon } from 'lucide-react';
import { HOVER_PROMPT_LENGTH } from '../../../core/constants';
import { MESSAGES } from '../../../core/messages';
import { truncate } from '../../../core/user';
import { type HistoryItem, thumbSize } from '../../lib/gallery';

type HistoryTileProps = { image: HistoryItem; onOpen: (image: HistoryItem) => void };

/**
 * One of the member's images. Hover or keyboard focus reveals Public/Private, the prompt cut to
 * 30 characters and 'Click to view' (SPEC §2). Touch screens have no hover, so on small screens and
 * wherever the pointer is coarse the prompt is written under the picture, and a private image keeps
 * a small lock in view.
 */
export function HistoryTile({ image, onOpen }: HistoryTileProps) {
  const isPublic = image.privacy === 'public';
  const PrivacyIcon = isPublic ? GlobeIcon : LockIcon;
  return (
    <>
      <button
        type="button"
        onClick={() => onOpen(image)}
        aria-label={`${image.prompt} (${isPublic ? 'Public' : 'Private'}). ${MESSAGES.clickToView}`}
        className="group relative block aspect-square w-full overflow-hidden rounded-xl border bg-muted shadow-sm transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2"
      >
        <img
          src={image.thumbUrl}
          alt=""
          {...thumbSize(image)}
          loading="lazy"
          decoding="async"
          className="size-full object-contain transition-transform duration-300 group-hover:scale-105 group-focus-visible:scale-105 motion-reduce:transition-none"
        />
        {!isPublic && (
          <span className="absolute top-2 left-2 flex size-7 items-center justify-center rounded-full bg-black/60 text-white transition-opacity group-hover:opacity-0 group-focus-visible:opacity-0">
            <LockIcon className="size-3.5" aria-hidden="true" />
          </span>
        )}
        <span
          aria-hidden="true"
          className="absolute inset-0 flex flex-col justify-between bg-gradient-to-t from-black/80 via-black/30 to-black/20 p-3 text-left text-white opacity-0 transition-opacity duration-200 group-hover:opacity-100 group-focus-visible:opacity-100 motion-reduce:transition-none"
        >
          <span className="inline-flex w-fit items-center gap-1 rounded-full bg-white/90 px-2.5 py-0.5 font-semibold text-foreground text-xs">
            <PrivacyIcon className="size-3" />
            {isPublic ? 'Public' : 'Private'}
          </span>
          <span className="space-y-1">
            <span className="block font-medium text-sm leading-snug">
              {truncate(image.prompt, HOVER_PROMPT_LENGTH)}
            </span>
            <span className="inline-flex items-center gap-1 text-white/85 text-xs">
              <EyeIcon className="size-3.5" />
              {MESSAGES.clickToView}
            </span>
          </span>
        </span>
      </button>
      {/* The button's label already reads the prompt to screen readers. */}
      <p
        aria-hidden="true"
        data-testid="history-prompt"
        title={image.prompt}
        className="mt-2 line-clamp-2 px-0.5 text-muted-foreground text-sm leading-snug md:pointer-fine:hidden"
      >
        {image.prompt}
      </p>
    </>
  );
}
