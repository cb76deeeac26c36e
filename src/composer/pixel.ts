// Pixel art: the flat composition rasterised on a coarse grid, snapped to a small palette,
// outlined one cell wide and redrawn as crisp square cells (nearest-neighbour by construction).
import { Resvg } from '@resvg/resvg-js';
import { rgbToHex } from './palettes';
import type { Random } from './random';

const MAX_COLORS = 14;
const OUTLINE = [29, 26, 47] as const;

export function pixelate(flatSvgBody: string, rng: Random): string {
  const grid = rng.pick([48, 56, 64]);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="1024" height="1024" viewBox="0 0 1024 1024">${flatSvgBody}</svg>`;
  const pixels = new Resvg(svg, { fitTo: { mode: 'width', value: grid } }).render().pixels;

  // Opaque cells only (pixel art has no partial transparency), colours quantised to 4 bits a channel.
  const cells: (number | null)[] = new Array(grid * grid).fill(null);
  const counts = new Map<number, number>();
  for (let i = 0; i < grid * grid; i++) {
    const a = pixels[i * 4 + 3];
    if (a < 110) continue;
    // Un-premultiply: resvg gives premultiplied RGBA.
    const r = Math.min(255, (pixels[i * 4] * 255) / a);
    const g = Math.min(255, (pixels[i * 4 + 1] * 255) / a);
    const b = Math.min(255, (pixels[i * 4 + 2] * 255) / a);
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    cells[i] = key;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  // Keep the most used colours and snap the rest to the nearest kept one: the limited palette.
  const kept = [...counts.entries()]
    .sort((x, y) => y[1] - x[1] || x[0] - y[0])
    .slice(0, MAX_COLORS)
    .map(([k]) => k);
  const rgbOf = (key: number) => [((key >> 8) & 15) * 17, ((key >> 4) & 15) * 17, (key & 15) * 17];
  const snapCache = new Map<number, number>();
  const snap = (key: number) => {
    const hit = snapCache.get(key);
    if (hit !== undefined) return hit;
    const [r, g, b] = rgbOf(key);
    let best = kept[0];
    let bestD = Number.POSITIVE_INFINITY;
    for (const k of kept) {
      const [r2, g2, b2] = rgbOf(k);
      const d = (r - r2) ** 2 * 2 + (g - g2) ** 2 * 4 + (b - b2) ** 2 * 3;
      if (d < bestD) {
        bestD = d;
        best = k;
      }
    }
    snapCache.set(key, best);
    return best;
  };

  const OUT = -1;
  const out: (number | null)[] = cells.map((c) => (c === null ? null : snap(c)));
  // One-cell dark outline around every opaque region.
  for (let y = 0; y < grid; y++) {
    for (let x = 0; x < grid; x++) {
      if (cells[y * grid + x] !== null) continue;
      const near = [
        [x - 1, y],
        [x + 1, y],
        [x, y - 1],
        [x, y + 1],
      ].some(([nx, ny]) => nx >= 0 && ny >= 0 && nx < grid && ny < grid && cells[ny * grid + nx] !== null);
      if (near) out[y * grid + x] = OUT;
    }
  }

  const colorOf = (v: number) =>
    v === OUT ? rgbToHex(...OUTLINE) : rgbToHex(...(rgbOf(v) as [number, number, number]));
  // Merge horizontal runs of one colour into one rect to keep the SVG small.
  const byColor = new Map<string, string[]>();
  const shadow: string[] = [];
  for (let y = 0; y < grid; y++) {
    let x = 0;
    while (x < grid) {
      const v = out[y * grid + x];
      if (v === null) {
        x++;
        continue;
      }
      let end = x + 1;
      while (end < grid && out[y * grid + end] === v) end++;
      const color = colorOf(v);
      const list = byColor.get(color) ?? [];
      list.push(`M${x} ${y}h${end - x}v1h${x - end}z`);
      byColor.set(color, list);
      x = end;
    }
    // A one-cell drop shadow under the sprite.
    let sx = 0;
    while (sx < grid) {
      if (out[y * grid + sx] === null) {
        sx++;
        continue;
      }
      let end = sx + 1;
      while (end < grid && out[y * grid + end] !== null) end++;
      const from = sx + 1;
      const to = Math.min(grid, end + 1);
      if (y + 1 < grid && from < to) shadow.push(`M${from} ${y + 1}h${to - from}v1h${from - to}z`);
      sx = end;
    }
  }
  const scale = 1024 / grid;
  const paths = [...byColor.entries()]
    .map(([color, d]) => `<path fill="${color}" d="${d.join('')}"/>`)
    .join('');
  return `<g transform="scale(${Math.round(scale * 10000) / 10000})" shape-rendering="crispEdges"><path fill="#000" opacity="0.22" d="${shadow.join('')}"/>${paths}</g>`;
}
