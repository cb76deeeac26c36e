// Turning the index's art into SVG fragments: placement, colour art (one-colour icons painted
// in two tones with shading and an outline), silhouettes for outlines and shadows, and the visual
// box of each art (it sits inside padding we must not centre on).
import { Resvg } from '@resvg/resvg-js';
import type { ArtRecord } from './index-file';
import { getLexicon } from './lexicon';
import { mix, towardColour, towardPalette } from './palettes';
import { n } from './random';

export type IconMetrics = {
  /** Visual bounding box in icon units. */
  x: number;
  y: number;
  w: number;
  h: number;
  /** Centre of the painted area in icon units. */
  cx: number;
  cy: number;
  viewW: number;
  viewH: number;
};

/** An icon placed on the 1024 canvas: `size` is the longer side of its visual box in pixels. */
export type Placed = {
  art: ArtRecord;
  /** One-colour art: the colour it is painted in. */
  paint?: string;
  /** Colour art: the colour the prompt asked for ("a blue apple"). */
  recolour?: string;
  /** Colour art: the colours of a palette a custom style chose (an asked-for colour wins). */
  palette?: readonly string[];
  x: number;
  y: number;
  size: number;
  rotate: number;
  flip: boolean;
  face?: boolean;
};

const metricsCache = new Map<string, IconMetrics>();
const GRID = 64;

/** The art as drawn: colour art in its own (or the asked-for) colours, one-colour art painted. */
export function iconBody(p: Placed): string {
  const lexicon = getLexicon();
  const raw = lexicon.body(p.art);
  if (p.art.kind === 'mono') return paintMono(raw, lexicon.plate(p.art), p.paint ?? '#4f6bd8', p.art);
  if (p.recolour) {
    const target = p.recolour;
    return recolorBody(raw, (hex) => towardColour(hex, target));
  }
  const palette = p.palette;
  if (palette) return recolorBody(raw, (hex) => towardPalette(hex, palette));
  return raw;
}

/** The art's shape for silhouettes: one-colour art with its holes filled (its plate). */
function shapeBody(art: ArtRecord): string {
  const lexicon = getLexicon();
  const plate = art.kind === 'mono' ? lexicon.plate(art) : null;
  return plate ? `<path d="${plate}"/>` : lexicon.body(art);
}

/**
 * A one-colour icon in two tones: a pale plate fills its holes (windows, panels), the shape gets
 * a light-to-dark gradient for volume and a darker outline, so it sits beside the emoji art.
 */
function paintMono(body: string, plate: string | null, colour: string, art: ArtRecord): string {
  const unit = Math.max(art.width, art.height) / 100;
  const light = mix(colour, '#ffffff', 0.35);
  const dark = mix(colour, '#10101a', 0.45);
  const ink = mix(colour, '#10101a', 0.7);
  const pale = mix(colour, '#ffffff', 0.82);
  const gradient = `<linearGradient id="mono" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="0.55" stop-color="${colour}"/><stop offset="1" stop-color="${dark}"/></linearGradient>`;
  const shape = body.replace(/currentColor/g, 'url(#mono)');
  const plateArt = plate
    ? `<path d="${plate}" fill="${pale}" stroke="${ink}" stroke-width="${n2(unit * 1.6)}" stroke-linejoin="round"/>`
    : '';
  return `<defs>${gradient}</defs>${plateArt}<g stroke="${ink}" stroke-width="${n2(unit * 0.5)}" stroke-linejoin="round">${shape}</g>`;
}

export function iconMetrics(art: ArtRecord): IconMetrics {
  const hit = metricsCache.get(art.id);
  if (hit) return hit;
  const icon = { width: art.width, height: art.height };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${GRID}" height="${GRID}" viewBox="0 0 ${icon.width} ${icon.height}">${shapeBody(art)}</svg>`;
  const pixels = new Resvg(svg).render().pixels;
  let minX = GRID;
  let minY = GRID;
  let maxX = -1;
  let maxY = -1;
  let sumX = 0;
  let sumY = 0;
  let count = 0;
  for (let y = 0; y < GRID; y++) {
    for (let x = 0; x < GRID; x++) {
      if (pixels[(y * GRID + x) * 4 + 3] > 40) {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
        sumX += x + 0.5;
        sumY += y + 0.5;
        count++;
      }
    }
  }
  const ux = icon.width / GRID;
  const uy = icon.height / GRID;
  const metrics: IconMetrics =
    count === 0
      ? {
          x: 0,
          y: 0,
          w: icon.width,
          h: icon.height,
          cx: icon.width / 2,
          cy: icon.height / 2,
          viewW: icon.width,
          viewH: icon.height,
        }
      : {
          x: minX * ux,
          y: minY * uy,
          w: (maxX - minX + 1) * ux,
          h: (maxY - minY + 1) * uy,
          cx: (sumX / count) * ux,
          cy: (sumY / count) * uy,
          viewW: icon.width,
          viewH: icon.height,
        };
  metricsCache.set(art.id, metrics);
  return metrics;
}

/** Pixels per icon unit for a placement. */
export function unitScale(p: Placed): number {
  const m = iconMetrics(p.art);
  return p.size / Math.max(m.w, m.h);
}

/** The transform that maps icon units onto the canvas for a placement. */
export function placementTransform(p: Placed, dx = 0, dy = 0): string {
  const m = iconMetrics(p.art);
  const k = unitScale(p);
  const bx = m.x + m.w / 2;
  const by = m.y + m.h / 2;
  const rot = p.rotate ? ` rotate(${n(p.rotate)})` : '';
  return `translate(${n(p.x + dx)} ${n(p.y + dy)})${rot} scale(${Math.round(k * (p.flip ? -1 : 1) * 1000) / 1000} ${Math.round(k * 1000) / 1000}) translate(${n(-bx)} ${n(-by)})`;
}

let uid = 0;
/** Icon bodies may carry ids (gradients, clip paths); every copy needs its own. */
function withUniqueIds(body: string, prefix: string): string {
  if (!body.includes('id="')) return body;
  return body
    .replace(/id="([^"]+)"/g, `id="${prefix}$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${prefix}$1"`);
}

/** Reset per picture so the same picture always gets the same ids (byte-for-byte output). */
export function resetIds(): void {
  uid = 0;
}

function nextPrefix(): string {
  uid += 1;
  return `i${uid}-`;
}

/** The icon in its own colours, optionally with a cartoon face and extra attributes on the wrapper. */
export function iconArt(
  p: Placed,
  opts: { body?: string; wrapperAttrs?: string; extra?: string } = {},
): string {
  const body = withUniqueIds(opts.body ?? iconBody(p), nextPrefix());
  const face = p.face ? faceArt(p.art) : '';
  return `<g transform="${placementTransform(p)}"${opts.wrapperAttrs ? ` ${opts.wrapperAttrs}` : ''}>${body}${face}${opts.extra ?? ''}</g>`;
}

/**
 * The icon's shape in one paint, grown by `growPx` on every side (a round stroke around every part):
 * the die-cut outline, ink outline and shadows are all made from this.
 */
export function iconSilhouette(
  p: Placed,
  opts: { paint: string; growPx: number; opacity?: number; dx?: number; dy?: number; transform?: string },
): string {
  const k = unitScale(p);
  const shape = withUniqueIds(silhouetteBody(shapeBody(p.art)), nextPrefix());
  const stroke =
    opts.growPx > 0
      ? ` stroke="${opts.paint}" stroke-width="${n((opts.growPx * 2) / k)}" stroke-linejoin="round" stroke-linecap="round"`
      : ' stroke="none"';
  const opacity = opts.opacity !== undefined && opts.opacity < 1 ? ` opacity="${opts.opacity}"` : '';
  const transform = opts.transform ?? placementTransform(p, opts.dx ?? 0, opts.dy ?? 0);
  return `<g transform="${transform}"${opacity}><g fill="${opts.paint}"${stroke}>${shape}</g></g>`;
}

const silhouetteCache = new Map<string, string>();
export function silhouetteBody(body: string): string {
  const hit = silhouetteCache.get(body);
  if (hit) return hit;
  const shape = body
    .replace(/<defs>[\s\S]*?<\/defs>/g, (defs) => defs.replace(/<filter[\s\S]*?<\/filter>/g, ''))
    .replace(/(<g[^>]*?) fill="none"/g, '$1')
    .replace(/ (fill|stroke)="(?!none)[^"]*"/g, '')
    .replace(/ (opacity|fill-opacity|stroke-opacity|filter|stroke-width)="[^"]*"/g, '');
  silhouetteCache.set(body, shape);
  return shape;
}

/** The art's shape alone (one paint), in icon units: masks and silhouettes. */
export function shapeOf(art: ArtRecord): string {
  return silhouetteBody(shapeBody(art));
}

/** Maps every fill and stroke colour of an icon through `map` (abstract posterising, palettes). */
export function recolorBody(body: string, map: (hex: string) => string): string {
  return body.replace(
    /(fill|stroke|stop-color)="(#[0-9a-fA-F]{3,8})"/g,
    (_m, attr: string, hex: string) => `${attr}="${map(hex)}"`,
  );
}

/** A friendly cartoon face, in icon units, sized to the icon's visual box. */
function faceArt(art: ArtRecord): string {
  const m = iconMetrics(art);
  const s = Math.min(m.w, m.h);
  const cx = m.cx;
  const cy = m.cy - s * 0.02;
  const eyeDx = s * 0.14;
  const eyeR = s * 0.068;
  const pupil = eyeR * 0.62;
  const eye = (x: number) =>
    `<ellipse cx="${n2(x)}" cy="${n2(cy)}" rx="${n2(eyeR)}" ry="${n2(eyeR * 1.12)}" fill="#fff" stroke="#2b2233" stroke-width="${n2(s * 0.018)}"/>` +
    `<circle cx="${n2(x + pupil * 0.15)}" cy="${n2(cy + pupil * 0.2)}" r="${n2(pupil)}" fill="#2b2233"/>` +
    `<circle cx="${n2(x - pupil * 0.2)}" cy="${n2(cy - pupil * 0.25)}" r="${n2(pupil * 0.38)}" fill="#fff"/>`;
  const my = cy + s * 0.13;
  const mw = s * 0.11;
  const mouth = `<path d="M${n2(cx - mw)} ${n2(my)} Q${n2(cx)} ${n2(my + mw * 1.3)} ${n2(cx + mw)} ${n2(my)}" fill="#7a2434" stroke="#2b2233" stroke-width="${n2(s * 0.02)}" stroke-linejoin="round"/>`;
  const blush = (x: number) =>
    `<ellipse cx="${n2(x)}" cy="${n2(my - s * 0.02)}" rx="${n2(s * 0.05)}" ry="${n2(s * 0.028)}" fill="#ff6b8b" opacity="0.55"/>`;
  return `<g>${blush(cx - eyeDx * 1.75)}${blush(cx + eyeDx * 1.75)}${eye(cx - eyeDx)}${eye(cx + eyeDx)}${mouth}</g>`;
}

function n2(v: number): string {
  return String(Math.round(v * 100) / 100);
}
