// Curated palettes for the parts the composer paints itself (bursts, washes, blocks). The emoji
// art keeps its own colours except in the abstract and pixel themes.

export type Palette = {
  name: string;
  colors: [string, string, string, string, string];
  ink: string;
  paper: string;
};

export const PALETTES: Palette[] = [
  {
    name: 'sunset',
    colors: ['#ff6b6b', '#ffd93d', '#6bcB77', '#4d96ff', '#845ec2'],
    ink: '#1d1a2f',
    paper: '#fff8ef',
  },
  {
    name: 'bauhaus',
    colors: ['#e63946', '#f1c453', '#1d3557', '#457b9d', '#a8dadc'],
    ink: '#14141f',
    paper: '#f7f1e3',
  },
  {
    name: 'candy',
    colors: ['#ff8fab', '#ffc8dd', '#a2d2ff', '#bde0fe', '#cdb4db'],
    ink: '#2b2140',
    paper: '#fffafc',
  },
  {
    name: 'forest',
    colors: ['#2d6a4f', '#95d5b2', '#ffb703', '#fb8500', '#8ecae6'],
    ink: '#1b2620',
    paper: '#f6f4ea',
  },
  {
    name: 'retro',
    colors: ['#ef476f', '#ffd166', '#06d6a0', '#118ab2', '#073b4c'],
    ink: '#102027',
    paper: '#fffdf4',
  },
  {
    name: 'dusk',
    colors: ['#5e548e', '#9f86c0', '#e0b1cb', '#f7a072', '#ffd6a5'],
    ink: '#231942',
    paper: '#fbf7ff',
  },
];

export function hexToRgb(hex: string): [number, number, number] {
  let h = hex.replace('#', '');
  if (h.length === 3 || h.length === 4) h = [...h.slice(0, 3)].map((c) => c + c).join('');
  const v = Number.parseInt(h.slice(0, 6), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

export function rgbToHex(r: number, g: number, b: number): string {
  const c = (x: number) =>
    Math.max(0, Math.min(255, Math.round(x)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

export function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** Mixes a colour towards another: t = 0 keeps `a`, t = 1 gives `b`. */
export function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex(x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t);
}
