import type { ThemeId } from '../../../core/options';
import { themeSample } from '../../../core/samples';
import { cn } from '../../lib/utils';

// A small swatch per theme: colours that hint at the look, behind the theme's sample picture.
const VISUALS: Record<ThemeId, { className: string }> = {
  default: { className: 'bg-gradient-to-br from-violet-100 to-sky-100 text-violet-700' },
  comic: {
    className:
      'bg-[radial-gradient(circle,#fde047_1.5px,transparent_1.6px)] bg-[length:7px_7px] bg-amber-200 text-red-600',
  },
  realistic: {
    className: 'bg-gradient-to-br from-amber-100 via-orange-200 to-stone-300 text-stone-800',
  },
  abstract: {
    className: 'bg-[conic-gradient(at_30%_30%,#a78bfa,#f472b6,#38bdf8,#a78bfa)] text-white',
  },
  watercolor: {
    className:
      'bg-[radial-gradient(circle_at_30%_40%,#bfdbfe,transparent_60%),radial-gradient(circle_at_70%_60%,#fbcfe8,transparent_55%)] bg-sky-50 text-sky-800',
  },
  pixel: {
    className:
      'bg-[conic-gradient(#86efac_25%,#4ade80_0_50%,#86efac_0_75%,#4ade80_0)] bg-[length:10px_10px] text-green-950',
  },
};

/** The theme's swatch with a small sample picture the composer drew in it at build time. */
export function ThemeVisual({ theme, className }: { theme: ThemeId; className?: string }) {
  const { className: look } = VISUALS[theme];
  const sample = themeSample(theme);
  return (
    <span
      aria-hidden="true"
      className={cn('flex h-12 w-full items-center justify-center rounded-md sm:h-14', look, className)}
    >
      <img
        src={sample.src}
        alt=""
        width={48}
        height={48}
        loading="lazy"
        className="size-11 object-contain drop-shadow-sm sm:size-12"
        data-testid={`theme-sample-${theme}`}
      />
    </span>
  );
}
