import {
  BrushIcon,
  Grid3x3Icon,
  type LucideIcon,
  ShapesIcon,
  SmileIcon,
  SunIcon,
  ZapIcon,
} from 'lucide-react';
import type { ThemeId } from '../../../core/options';
import { cn } from '../../lib/utils';

// A small swatch per theme: colours and an icon that hint at the look, drawn with CSS only.
const VISUALS: Record<ThemeId, { icon: LucideIcon; className: string }> = {
  default: { icon: SmileIcon, className: 'bg-gradient-to-br from-violet-100 to-sky-100 text-violet-700' },
  comic: {
    icon: ZapIcon,
    className:
      'bg-[radial-gradient(circle,#fde047_1.5px,transparent_1.6px)] bg-[length:7px_7px] bg-amber-200 text-red-600',
  },
  realistic: {
    icon: SunIcon,
    className: 'bg-gradient-to-br from-amber-100 via-orange-200 to-stone-300 text-stone-800',
  },
  abstract: {
    icon: ShapesIcon,
    className: 'bg-[conic-gradient(at_30%_30%,#a78bfa,#f472b6,#38bdf8,#a78bfa)] text-white',
  },
  watercolor: {
    icon: BrushIcon,
    className:
      'bg-[radial-gradient(circle_at_30%_40%,#bfdbfe,transparent_60%),radial-gradient(circle_at_70%_60%,#fbcfe8,transparent_55%)] bg-sky-50 text-sky-800',
  },
  pixel: {
    icon: Grid3x3Icon,
    className:
      'bg-[conic-gradient(#86efac_25%,#4ade80_0_50%,#86efac_0_75%,#4ade80_0)] bg-[length:10px_10px] text-green-950',
  },
};

export function ThemeVisual({ theme, className }: { theme: ThemeId; className?: string }) {
  const { icon: Icon, className: look } = VISUALS[theme];
  return (
    <span
      aria-hidden="true"
      className={cn('flex h-12 w-full items-center justify-center rounded-md sm:h-14', look, className)}
    >
      <Icon className="size-6 drop-shadow-sm" strokeWidth={2.25} />
    </span>
  );
}
