import ImageTracer, { type TracerColor, type TracerOptions } from 'imagetracerjs';

/** Coordinate space of every traced SVG, whatever the tracing resolution. */
export const TRACE_VIEWBOX = 1024;

// Share of the opaque pixels below which a palette colour is dropped.
const MIN_COLOUR_SHARE = 0.0015;

export interface TracePixelsInput {
  /** RGBA, 4 bytes a pixel. */
  data: Uint8Array;
  width: number;
  height: number;
  /** Opaque colours in the palette (transparency is one more, never drawn). */
  colors: number;
}

/**
 * Synchronous colour trace of RGBA pixels into an SVG string (viewBox 0 0 1024 1024). Pixels under half
 * opacity count as transparent and are left out. CPU heavy: `traceToSvg` runs it off the main thread.
 *
 * Layers are stacked rather than cut out: colours are ordered from the outside in and the layer of colour k
 * covers every pixel of colour k or of any colour after it, so later layers sit on earlier ones and no background
 * shows through the seams between neighbouring colours (the usual flaw of per-colour tracing).
 */
export function tracePixelsToSvg(input: TracePixelsInput): string {
  const { data, width: w, height: h } = input;
  let palette = medianCutPalette(data, input.colors);
  let index = assignPalette(data, palette);
  // Colours covering almost nothing are mostly anti-aliasing blends: fold them into their neighbours.
  let areas = paletteAreas(index, palette.length);
  const opaque = areas.reduce((a, b) => a + b, 0);
  const kept = palette.filter((_, k) => areas[k] >= opaque * MIN_COLOUR_SHARE);
  if (kept.length > 0 && kept.length < palette.length) {
    palette = kept;
    index = assignPalette(data, palette);
    areas = paletteAreas(index, palette.length);
  }

  // Stack from the outside in: colours nearest the transparent surroundings at the bottom.
  const depth = depthFromOutside(index, w, h);
  const meanDepth = new Float64Array(palette.length);
  for (let i = 0; i < index.length; i++) if (index[i] >= 0) meanDepth[index[i]] += depth[i];
  const order = palette.map((_, k) => k).sort((a, b) => meanDepth[a] / areas[a] - meanDepth[b] / areas[b]);
  const rank = new Int16Array(palette.length);
  order.forEach((colour, r) => {
    rank[colour] = r;
  });
  const rankOf = new Int16Array(index.length);
  for (let i = 0; i < index.length; i++) rankOf[i] = index[i] >= 0 ? rank[index[i]] : -1;

  const scale = TRACE_VIEWBOX / Math.max(w, h);
  const options = ImageTracer.checkoptions({
    ltres: 1,
    qtres: 1,
    pathomit: 8,
    rightangleenhance: true,
    strokewidth: 0,
    scale,
    roundcoords: 1,
  } satisfies TracerOptions);

  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${TRACE_VIEWBOX} ${TRACE_VIEWBOX}" width="${TRACE_VIEWBOX}" height="${TRACE_VIEWBOX}">`,
  ];
  for (let r = 0; r < order.length; r++) {
    if (areas[order[r]] === 0) continue;
    const nodes = edgeNodes(rankOf, w, h, r);
    const paths = ImageTracer.batchtracepaths(
      ImageTracer.internodes(ImageTracer.pathscan(nodes, options.pathomit!), options),
      options.ltres!,
      options.qtres!,
    );
    const c = palette[order[r]];
    const tracedata = { layers: [paths], palette: [c], width: w, height: h };
    for (let p = 0; p < paths.length; p++) {
      if (paths[p].isholepath) continue;
      const d = pathData(ImageTracer.svgpathstring(tracedata, 0, p, options));
      if (d) parts.push(`<path fill="${hex(c)}" d="${d}"/>`);
    }
  }
  parts.push('</svg>');
  return parts.join('\n');
}

/**
 * imagetracer's edge-node grid for the mask "rank ≥ r": a (h+2)×(w+2) array of 4-bit codes telling which of
 * the four pixels around each grid node are inside (the layout its `layeringstep` makes).
 */
function edgeNodes(rankOf: Int16Array, w: number, h: number, r: number): number[][] {
  const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && rankOf[y * w + x] >= r;
  const grid: number[][] = [];
  for (let j = 0; j < h + 2; j++) {
    const row = new Array<number>(w + 2).fill(0);
    if (j > 0) {
      for (let i = 1; i < w + 2; i++) {
        // Node (i, j) of the padded grid sits between pixels (i-2..i-1, j-2..j-1).
        row[i] =
          (inside(i - 2, j - 2) ? 1 : 0) +
          (inside(i - 1, j - 2) ? 2 : 0) +
          (inside(i - 2, j - 1) ? 8 : 0) +
          (inside(i - 1, j - 1) ? 4 : 0);
      }
    }
    grid.push(row);
  }
  return grid;
}

function pathData(element: string): string | null {
  const start = element.indexOf(' d="');
  if (start < 0) return null;
  const end = element.indexOf('"', start + 4);
  return element.slice(start + 4, end).trim();
}

function hex(c: TracerColor): string {
  return `#${((1 << 24) | (c.r << 16) | (c.g << 8) | c.b).toString(16).slice(1)}`;
}

/** Nearest palette entry (RGB distance) of each pixel at least half opaque, −1 for the rest. */
function assignPalette(data: Uint8Array, palette: TracerColor[]): Int16Array {
  const n = data.length / 4;
  const index = new Int16Array(n);
  const cache = new Map<number, number>();
  for (let i = 0, p = 0; i < n; i++, p += 4) {
    if (data[p + 3] < 128) {
      index[i] = -1;
      continue;
    }
    const key = (data[p] << 16) | (data[p + 1] << 8) | data[p + 2];
    let best = cache.get(key);
    if (best === undefined) {
      best = 0;
      let bestD = Number.POSITIVE_INFINITY;
      for (let k = 0; k < palette.length; k++) {
        const dr = palette[k].r - data[p];
        const dg = palette[k].g - data[p + 1];
        const db = palette[k].b - data[p + 2];
        const d = dr * dr + dg * dg + db * db;
        if (d < bestD) {
          bestD = d;
          best = k;
        }
      }
      cache.set(key, best);
    }
    index[i] = best;
  }
  return index;
}

/** Median cut over a 5-bit-per-channel histogram of the opaque pixels; colours are true means. */
function medianCutPalette(pixels: Uint8Array, colors: number): TracerColor[] {
  const count = new Uint32Array(1 << 15);
  const sum = new Float64Array(3 << 15);
  for (let p = 0; p < pixels.length; p += 4) {
    if (pixels[p + 3] < 128) continue;
    const k = ((pixels[p] >> 3) << 10) | ((pixels[p + 1] >> 3) << 5) | (pixels[p + 2] >> 3);
    count[k]++;
    sum[k * 3] += pixels[p];
    sum[k * 3 + 1] += pixels[p + 1];
    sum[k * 3 + 2] += pixels[p + 2];
  }
  const bins: number[] = [];
  for (let k = 0; k < count.length; k++) if (count[k] > 0) bins.push(k);
  if (bins.length === 0) return [];

  const channel = (k: number, c: number) => (k >> (10 - 5 * c)) & 31;
  type Box = { bins: number[]; weight: number; spread: number; axis: number };
  const makeBox = (list: number[]): Box => {
    let weight = 0;
    let spread = -1;
    let axis = 0;
    for (let c = 0; c < 3; c++) {
      let lo = 31;
      let hi = 0;
      for (const k of list) {
        const v = channel(k, c);
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
      if (hi - lo > spread) {
        spread = hi - lo;
        axis = c;
      }
    }
    for (const k of list) weight += count[k];
    return { bins: list, weight, spread, axis };
  };

  const boxes = [makeBox(bins)];
  while (boxes.length < colors) {
    // Split the box with the most pixels × colour spread: big areas of varied colour get more entries.
    let pick = -1;
    let best = 0;
    for (let i = 0; i < boxes.length; i++) {
      const score = boxes[i].weight * boxes[i].spread;
      if (boxes[i].bins.length > 1 && score > best) {
        best = score;
        pick = i;
      }
    }
    if (pick < 0) break;
    const box = boxes[pick];
    const sorted = [...box.bins].sort((a, b) => channel(a, box.axis) - channel(b, box.axis));
    let acc = 0;
    let cut = 1;
    for (; cut < sorted.length - 1; cut++) {
      acc += count[sorted[cut - 1]];
      if (acc * 2 >= box.weight) break;
    }
    boxes.splice(pick, 1, makeBox(sorted.slice(0, cut)), makeBox(sorted.slice(cut)));
  }

  return boxes.map((box) => {
    let r = 0;
    let g = 0;
    let b = 0;
    for (const k of box.bins) {
      r += sum[k * 3];
      g += sum[k * 3 + 1];
      b += sum[k * 3 + 2];
    }
    return {
      r: Math.round(r / box.weight),
      g: Math.round(g / box.weight),
      b: Math.round(b / box.weight),
      a: 255,
    };
  });
}

function paletteAreas(index: Int16Array, colours: number): Float64Array {
  const areas = new Float64Array(colours);
  for (let i = 0; i < index.length; i++) if (index[i] >= 0) areas[index[i]]++;
  return areas;
}

/** Chamfer (3-4) distance of every pixel from the transparent area or the picture's edge, two passes. */
function depthFromOutside(index: Int16Array, w: number, h: number): Uint32Array {
  const far = 0xffffffff;
  const depth = new Uint32Array(w * h);
  for (let i = 0; i < depth.length; i++) depth[i] = index[i] < 0 ? 0 : far;
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= w || y >= h ? 0 : depth[y * w + x]);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (depth[i] === 0) continue;
      depth[i] = Math.min(
        depth[i],
        at(x - 1, y) + 3,
        at(x, y - 1) + 3,
        at(x - 1, y - 1) + 4,
        at(x + 1, y - 1) + 4,
      );
    }
  }
  for (let y = h - 1; y >= 0; y--) {
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      if (depth[i] === 0) continue;
      depth[i] = Math.min(
        depth[i],
        at(x + 1, y) + 3,
        at(x, y + 1) + 3,
        at(x + 1, y + 1) + 4,
        at(x - 1, y + 1) + 4,
      );
    }
  }
  return depth;
}
