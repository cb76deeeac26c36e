import { DownloadIcon, type LucideIcon, PaletteIcon, PencilLineIcon, WandSparklesIcon } from 'lucide-react';

/** The four steps, shared by the landing strip and the How It Works page. */
export const HOW_IT_WORKS_STEPS: { title: string; body: string; icon: LucideIcon }[] = [
  {
    title: 'Describe it',
    body: 'Write one sentence about the picture you want: a subject, a mood, maybe an occasion.',
    icon: PencilLineIcon,
  },
  {
    title: 'Pick a style',
    body: 'Keep the clean default look or choose a theme such as Comic Book, Watercolor or Pixel Art.',
    icon: PaletteIcon,
  },
  {
    title: 'Generate',
    body: 'Clipsmith draws a square clipart picture on a clean background in a few seconds.',
    icon: WandSparklesIcon,
  },
  {
    title: 'Download and use',
    body: 'Save it as PNG, WebP, JPEG or SVG in the size you need, or share its public page.',
    icon: DownloadIcon,
  },
];
