import { ChevronDownIcon, DownloadIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { requiredAttribution } from '../../core/art-licences';
import {
  backgroundLabel,
  DOWNLOAD_DEFAULTS,
  DOWNLOAD_FORMATS,
  DOWNLOAD_MESSAGES,
  DOWNLOAD_SIZE_LABELS,
  DOWNLOAD_SIZES,
  type DownloadFormat,
  type DownloadRequest,
  type DownloadSize,
  type DownloadVariant,
  describeDownload,
  KEPT_BACKGROUND_NOTE,
  menuBackgrounds,
  validateDownload,
} from '../../core/download';
import { downloadSizeRefusal, type Tier } from '../../core/tiers';
import { useOptionalSession } from '../lib/session';
import { cn } from '../lib/utils';
import { type Choice, ChoiceChips } from './generator/choice-chips';
import { Button, buttonVariants } from './ui/button';
import { Popover, PopoverContent, PopoverTrigger } from './ui/popover';

export type DownloadableImage = {
  id: string;
  /** ISO 8601 (or anything Date accepts): names the file clipart-{timestamp}-{size}.{ext}. */
  createdAt: string;
  /** The image has its own vector (composer images do); otherwise SVG is traced from the pixels. */
  hasVector?: boolean;
  /** False when the picture kept the background it was made with (it could not be cut out). */
  transparentBackground?: boolean;
  /** The open art sets it was drawn with: CC BY art needs a credit where the picture is used. */
  artSets?: string[];
};

type DownloadMenuProps = {
  image: DownloadableImage;
  className?: string;
  /** Button size; 'sm' fits cards and dialogs. */
  size?: 'default' | 'sm';
  /** The asker's plan (it decides the largest size); by default the signed-in member's, Free for a visitor. */
  tier?: Tier;
};

export function downloadUrl(id: string, request: DownloadRequest): string {
  const params = new URLSearchParams({
    format: request.format,
    size: String(request.size),
    variant: request.variant,
  });
  return `/images/${encodeURIComponent(id)}/download?${params.toString()}`;
}

/**
 * A split button: one click downloads a 1024 px transparent PNG; the arrow opens a panel to pick
 * format, size and background (labels and rules from src/core/download). Downloads are plain links, so the browser
 * saves the file under the name the server gives it.
 */
export function DownloadMenu({ image, className, size = 'default', tier }: DownloadMenuProps) {
  const session = useOptionalSession();
  const askerTier = tier ?? session?.me?.membership.tier ?? 'free';
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<DownloadRequest>({ ...DOWNLOAD_DEFAULTS });
  const idPrefix = useId();
  const hasVector = image.hasVector ?? false;
  const transparentBackground = image.transparentBackground ?? true;

  const quick = DOWNLOAD_DEFAULTS;
  const chosen = describeDownload({ ...choice, hasVector, transparentBackground });
  // Sizes beyond the plan are shown, disabled, with the line the server refuses them with.
  const overPlan = (value: DownloadSize) =>
    downloadSizeRefusal(askerTier, { format: choice.format, size: value });
  const planNote = DOWNLOAD_SIZES.map(overPlan).find(Boolean);
  const valid = validateDownload(choice).ok && !overPlan(choice.size);

  const formatChoices: Choice<DownloadFormat>[] = DOWNLOAD_FORMATS.map((format) => ({
    value: format.id,
    label:
      format.id === 'svg'
        ? describeDownload({ ...choice, format: 'svg', hasVector }).formatLabel
        : format.label,
  }));
  const sizeChoices: Choice<string>[] = DOWNLOAD_SIZES.map((value) => ({
    value: String(value),
    label: DOWNLOAD_SIZE_LABELS[value],
    disabled: choice.format === 'svg' || Boolean(overPlan(value)),
  }));
  // Only backgrounds that give different files (see menuBackgrounds), named for what they give.
  const variantChoices: Choice<DownloadVariant>[] = menuBackgrounds(transparentBackground).map((variant) => ({
    value: variant,
    label: backgroundLabel(choice.format, variant, transparentBackground),
    disabled: !validateDownload({ ...choice, variant }).ok,
  }));

  const setFormat = (format: DownloadFormat) =>
    setChoice((current) => ({
      ...current,
      format,
      // JPEG cannot carry transparency: fall back to the one variant it can make.
      variant: format === 'jpg' ? 'original' : current.variant,
    }));

  return (
    <div className={cn('inline-flex rounded-md shadow-sm', className)} data-testid="download-menu">
      <a
        href={downloadUrl(image.id, quick)}
        download
        className={cn(buttonVariants({ size }), 'rounded-r-none shadow-none')}
      >
        <DownloadIcon aria-hidden="true" />
        Download
        <span className="font-normal text-xs opacity-85">PNG 1024</span>
      </a>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button
            size={size === 'sm' ? 'sm' : 'default'}
            className="rounded-l-none border-primary-foreground/25 border-l px-2.5 shadow-none"
            aria-label="More download options"
          >
            <ChevronDownIcon aria-hidden="true" />
          </Button>
        </PopoverTrigger>
        <PopoverContent aria-label="Download options" className="w-[22rem]">
          <p className="font-semibold text-sm">Download options</p>
          <div className="mt-3 flex flex-col gap-4">
            <ChoiceChips
              legend="Format"
              name={`${idPrefix}-format`}
              value={choice.format}
              choices={formatChoices}
              onChange={setFormat}
            />
            <ChoiceChips
              legend="Size"
              name={`${idPrefix}-size`}
              value={String(choice.size)}
              choices={sizeChoices}
              onChange={(value) =>
                setChoice((current) => ({ ...current, size: Number(value) as DownloadSize }))
              }
              note={choice.format === 'svg' ? 'SVG is a vector: it scales to any size.' : planNote}
            />
            <ChoiceChips
              legend="Background"
              name={`${idPrefix}-variant`}
              value={choice.variant}
              choices={variantChoices}
              onChange={(variant) => setChoice((current) => ({ ...current, variant }))}
              note={
                !transparentBackground
                  ? KEPT_BACKGROUND_NOTE
                  : choice.format === 'jpg'
                    ? DOWNLOAD_MESSAGES.jpgTransparency
                    : undefined
              }
            />
          </div>
          {/* Pinned to the panel's bottom: on a short screen the choices scroll, the action stays in view. */}
          <div
            className="sticky -bottom-4 -mx-4 -mb-4 mt-4 border-t bg-popover px-4 pt-3 pb-4"
            data-testid="download-action"
          >
            <div className="rounded-lg bg-muted px-3 py-2 text-xs" aria-live="polite">
              <p className="font-medium">{chosen.label}</p>
              {chosen.note && <p className="mt-0.5 text-muted-foreground">{chosen.note}</p>}
            </div>
            <ArtCredit artSets={image.artSets} className="mt-2" />
            {valid ? (
              <a
                href={downloadUrl(image.id, choice)}
                download
                className={cn(buttonVariants(), 'mt-3 w-full')}
                onClick={() => setOpen(false)}
              >
                <DownloadIcon aria-hidden="true" />
                Download {chosen.formatLabel}
              </a>
            ) : (
              <Button className="mt-3 w-full" disabled>
                <DownloadIcon aria-hidden="true" />
                Download
              </Button>
            )}
          </div>
        </PopoverContent>
      </Popover>
    </div>
  );
}

/**
 * The credit a picture's CC BY art asks for, wherever the picture is downloaded or shown large
 * (the words come from core/art-licences, as in the FAQ and the SVG); nothing when none is needed.
 */
export function ArtCredit({ artSets, className }: { artSets?: string[]; className?: string }) {
  const credit = requiredAttribution(artSets);
  if (!credit) return null;
  return (
    <p className={cn('text-muted-foreground text-xs', className)} data-testid="art-credit">
      <span className="font-medium text-foreground">Credit needed where you use it:</span> {credit}.{' '}
      <a href="/faq#licence" className="underline underline-offset-2 hover:no-underline">
        Why?
      </a>
    </p>
  );
}
