// Colour helpers for the parts the composer paints itself (bursts, washes, blocks) from the named
// palettes of core/palettes.ts. The emoji art keeps its own colours except in the abstract and pixel
// themes, or when a custom style chose a palette (towardPalette).
import type { ThemeId } from '../core/options';
import { PALETTES, type Palette } from '../core/palettes';

export { PALETTES, type Palette };

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

export function rgbToHsl(hex: string): [number, number, number] {
  const [r, g, b] = hexToRgb(hex).map((v) => v / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h / 6, s, l];
}

export function hslToHex(h: number, s: number, l: number): string {
  if (s === 0) return rgbToHex(l * 255, l * 255, l * 255);
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  return rgbToHex(channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255);
}

/**
 * Paints a colour art in another colour ("a blue apple"): coloured parts take the new hue and
 * keep their light and shade (a grey elephant turns pink too); near-whites and near-blacks (eyes,
 * highlights, outlines) stay as they are. A grey or black target darkens or lightens instead.
 */
export function towardColour(hex: string, target: string): string {
  const [, s, l] = rgbToHsl(hex);
  const [th, ts, tl] = rgbToHsl(target);
  // Near-whites (eyes, highlights) and near-blacks (outlines) keep their colour.
  if (l > 0.93 || l < 0.1) return hex;
  if (ts < 0.12) return hslToHex(0, 0, Math.min(0.92, Math.max(0.08, l * 0.4 + tl * 0.6)));
  return hslToHex(th, Math.max(0.35, (s + ts) / 2), Math.min(0.85, Math.max(0.15, l * 0.5 + tl * 0.5)));
}

/** A colour from the palette that reads on white as the body of a one-colour icon. */
export function bodyColour(palette: Palette, index: number): string {
  const usable = palette.colors.filter((c) => {
    const l = luminance(c);
    return l > 0.18 && l < 0.7;
  });
  const list = usable.length > 0 ? usable : palette.colors.map((c) => mix(c, palette.ink, 0.35));
  return list[index % list.length];
}

/**
 * How a theme paints a one-colour icon with a palette colour, so it sits with the rest of that
 * theme: bold and saturated for comic, a mid-tone the lighting can shade for realistic, thinned
 * with water for watercolour. (An asked-for colour is painted as asked.)
 */
export function themePaint(theme: ThemeId, colour: string): string {
  const [h, s, l] = rgbToHsl(colour);
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  if (theme === 'comic') return hslToHex(h, Math.max(s, 0.75), clamp(l, 0.42, 0.58));
  if (theme === 'realistic') return hslToHex(h, clamp(s, 0.35, 0.7), clamp(l, 0.46, 0.62));
  if (theme === 'watercolor') return hslToHex(h, Math.min(s, 0.6), clamp(l, 0.56, 0.72));
  return colour;
}

/**
 * Paints colour art in a chosen palette: each colour takes the palette colour nearest in hue and
 * keeps its light and shade (towardColour), so the art's parts stay apart; near-whites, near-blacks
 * and greys (eyes, outlines, metal) stay as they are.
 */
export function towardPalette(hex: string, colors: readonly string[]): string {
  const [h, s, l] = rgbToHsl(hex);
  if (l > 0.93 || l < 0.1 || s < 0.12) return hex;
  let best = colors[0];
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const colour of colors) {
    const [ch, cs] = rgbToHsl(colour);
    if (cs < 0.12) continue;
    const distance = Math.min(Math.abs(h - ch), 1 - Math.abs(h - ch));
    if (distance < bestDistance) {
      bestDistance = distance;
      best = colour;
    }
  }
  return towardColour(hex, best);
}
