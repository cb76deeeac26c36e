// Art direction (Premium): the five controls of core/art-direction.ts applied to a composed
// picture. Two hooks around the themes, so the themes themselves do not change: `directLayout`
// moves, adds or drops pieces before a theme draws them (composition, background, viewpoint),
// `directBody` works on what the theme drew (outline, colour count, scene background, viewpoint's
// depth). No control set: neither hook is called, so the picture is today's byte for byte.
import type { ArtDirection } from '../core/art-direction';
import type { ThemeId } from '../core/options';
import { iconMetrics, iconSilhouette, type Placed } from './art';
import type { ArtRecord } from './index-file';
import type { Layout } from './layout';
import { getLexicon } from './lexicon';
import { hexToRgb, mix, type Palette, rgbToHex } from './palettes';
import type { Random } from './random';
import { SCENE_ACCENTS } from './scenes';
import { flatComposition } from './themes';

/** Outline widths in canvas px: thin reads as a pen line, bold as a marker. */
export const OUTLINE_WIDTHS = { thin: 4, bold: 14 } as const;
/** "Few colours": every colour of the picture snaps to this many. */
export const FEW_COLOURS = 4;
const INK = '#1d1a2f';
const GROUND_Y = 800;

/** Props a small scene stands among when neither the prompt nor its scene names any (emoji names). */
const PROPS = ['potted-plant', 'seedling', 'herb', 'rock', 'evergreen-tree', 'sunflower'];

/** Pieces moved, added or dropped for the controls set; the layout given is not changed. */
export function directLayout(
  layout: Layout,
  direction: ArtDirection,
  rng: Random,
  /** Accents the prompt named (they come first in `layout.accents`); `paired`: the first stands in a relation to the subject. */
  prompt: { named: number; paired: boolean },
): Layout {
  const { named, paired } = prompt;
  let scene = layout.scene;
  let accents = layout.accents.map((a) => ({ ...a }));
  const subject = { ...layout.subject.placed };

  // The round scene vignette is a background: transparent has none, a single subject stands alone.
  if (direction.background === 'transparent' || direction.composition === 'single') scene = null;

  if (direction.composition === 'single') {
    // Only the subject, large and centred.
    accents = [];
    subject.x = 512;
    subject.y = 512;
    subject.size = Math.min(640, Math.max(560, subject.size));
  } else if (direction.composition === 'scene') {
    // The subject stands on the ground among props: what the prompt named stays, the theme's
    // sparkles go, and props fill both sides.
    accents = accents.slice(0, named);
    const lexicon = getLexicon();
    // Props of the prompt's scene when it names one, else garden things.
    const names = [
      ...(layout.scene ? rng.shuffle(SCENE_ACCENTS[layout.scene.id]) : []),
      ...rng.shuffle(PROPS),
    ];
    const fillers = names
      .map((name) => lexicon.artById.get(`fluent-emoji-flat:${name}`))
      .filter((a): a is ArtRecord => Boolean(a) && a?.id !== subject.art.id);
    const spots = [
      { x: 170, size: 190 },
      { x: 854, size: 170 },
    ];
    for (const [i, spot] of spots.entries()) {
      const art = fillers[i];
      if (!art) break;
      accents.push(standOnGround({ art, x: spot.x, y: 0, size: spot.size, rotate: 0, flip: i === 1 }));
    }
    if (!paired) {
      subject.size = Math.min(subject.size, 500);
      subject.rotate = 0;
      const stood = standOnGround(subject);
      subject.x = 512;
      subject.y = stood.y;
      // What else the prompt named floats above the props, in the upper corners.
      accents = accents.map((a, i) =>
        i < named ? { ...a, x: i % 2 === 0 ? 190 : 834, y: 200, size: Math.min(a.size, 200), rotate: 0 } : a,
      );
    }
  }

  if (direction.viewpoint === 'front') {
    // Square to the viewer: nothing tilted or turned away.
    subject.rotate = 0;
    subject.flip = false;
    for (const a of accents) a.rotate = 0;
  } else if (direction.viewpoint === 'top') {
    // Seen from above: the subject in the middle, the rest laid out in a ring around it.
    subject.x = 512;
    subject.y = 512;
    subject.size = Math.min(subject.size, 500);
    accents = accents.map((a, i) => {
      const angle = (i / Math.max(1, accents.length)) * Math.PI * 2 - Math.PI / 4;
      return {
        ...a,
        x: 512 + Math.cos(angle) * 350,
        y: 512 + Math.sin(angle) * 350,
        size: Math.min(a.size, 190),
      };
    });
  }

  return { ...layout, scene, accents, subject: { kind: 'icon', placed: subject } };
}

/** The piece moved so that its visual bottom rests on the ground line. */
function standOnGround(p: Placed): Placed {
  const m = iconMetrics(p.art);
  const halfH = (m.h * (p.size / Math.max(m.w, m.h))) / 2;
  return { ...p, y: GROUND_Y - halfH + 12 };
}

export type DirectBodyInput = {
  body: string;
  layout: Layout;
  theme: ThemeId;
  palette: Palette;
  direction: ArtDirection;
};

/** The theme's drawing with the controls that act on pixels rather than places. */
export function directBody({ body, layout, theme, palette, direction }: DirectBodyInput): string {
  let out = body;
  if (direction.outline === 'none' && theme !== 'pixel') out = withoutOutlines(layout);
  else if (direction.outline === 'thin' || direction.outline === 'bold')
    out += inkOutlines(layout, OUTLINE_WIDTHS[direction.outline]);

  const pieces = [layout.subject.placed, ...layout.accents];
  if (direction.viewpoint === 'three-quarter') {
    // Turned: each piece gets a darker side (its silhouette pushed back and to the right), and
    // the whole picture is sheared and narrowed as if seen from one side.
    const sides = pieces
      .map((p) => iconSilhouette(p, { paint: mix(palette.ink, '#000000', 0.2), growPx: 10, dx: 30, dy: -14 }))
      .join('');
    out = `<g transform="translate(512 512) skewY(-9) scale(0.86 1) translate(-512 -512)"><g opacity="0.8">${sides}</g>${out}</g>`;
  } else if (direction.viewpoint === 'top') {
    // From above: a round shadow straight under every piece, and the picture foreshortened.
    const shadows = pieces
      .map((p) => iconSilhouette(p, { paint: '#0b0b1e', growPx: 40, opacity: 0.28 }))
      .join('');
    out = `<g transform="translate(512 512) scale(1 0.82) translate(-512 -512)">${shadows}${out}</g>`;
  }

  const behind: string[] = [];
  if (direction.background === 'scene') behind.push(sceneBackground(palette));
  if (direction.composition === 'scene') behind.push(ground(palette, direction.background === 'scene'));
  out = behind.join('') + out;

  if (direction.colours === 'few') out = fewColours(out, FEW_COLOURS);
  return out;
}

/** The pieces flat, without the theme's die-cut, ink or shadow and without the art's own strokes. */
function withoutOutlines(layout: Layout): string {
  const flat = flatComposition({ ...layout, motion: null });
  // Motion marks are lines, not outlines: they stay.
  const motion = layout.motion?.art ?? '';
  return motion + stripStrokes(flat);
}

function stripStrokes(svg: string): string {
  return svg.replace(/ stroke="(?!none)[^"]*"/g, ' stroke="none"').replace(/ stroke-width="[^"]*"/g, '');
}

/** A dark line of `width` canvas px along every piece's edges, on top of the theme's drawing. */
function inkOutlines(layout: Layout, width: number): string {
  const lines: string[] = [];
  if (layout.scene?.item.outline)
    lines.push(
      `<path d="${layout.scene.item.outline}" fill="none" stroke="${INK}" stroke-width="${width}" stroke-linejoin="round"/>`,
    );
  for (const p of [...layout.accents, layout.subject.placed]) {
    // iconSilhouette strokes the shape with growPx * 2 (in canvas px); without its fill, only the line shows.
    const line = iconSilhouette(p, { paint: INK, growPx: width / 2 }).replace(`fill="${INK}"`, 'fill="none"');
    lines.push(`<g data-outline="${width}">${line}</g>`);
  }
  return lines.join('');
}

/** A full-canvas backdrop: a sky from the palette's paper and a soft horizon. */
function sceneBackground(palette: Palette): string {
  const sky = mix(palette.colors[3], '#ffffff', 0.55);
  const low = mix(palette.paper, '#ffffff', 0.3);
  const hill = mix(palette.colors[2], '#ffffff', 0.35);
  return (
    `<defs><linearGradient id="ad-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="${low}"/></linearGradient></defs>` +
    '<rect width="1024" height="1024" fill="url(#ad-sky)"/>' +
    `<path d="M0 720Q256 640 512 700T1024 690V1024H0Z" fill="${hill}"/>`
  );
}

/** The ground a small scene stands on; across the picture when the background is a scene too. */
function ground(palette: Palette, full: boolean): string {
  const earth = mix(palette.colors[2], '#3a2a20', 0.25);
  const top = mix(earth, '#ffffff', 0.25);
  if (full)
    return `<rect x="0" y="${GROUND_Y - 20}" width="1024" height="${1024 - GROUND_Y + 20}" fill="${earth}"/>`;
  return (
    `<ellipse cx="512" cy="${GROUND_Y + 14}" rx="450" ry="92" fill="${earth}"/>` +
    `<ellipse cx="512" cy="${GROUND_Y}" rx="430" ry="72" fill="${top}"/>`
  );
}

const COLOUR_ATTR = /(fill|stroke|stop-color|flood-color)="(#[0-9a-fA-F]{3,8}|white|black)"/g;

/**
 * Every colour of the drawing snapped to `k` (k-means over the colours it uses, weighted by how
 * often each appears; deterministic start), so the picture has at most `k` distinct colours.
 */
export function fewColours(svg: string, k: number): string {
  const counts = new Map<string, number>();
  const normal = (value: string) =>
    value === 'white' ? '#ffffff' : value === 'black' ? '#000000' : rgbToHex(...hexToRgb(value));
  for (const match of svg.matchAll(COLOUR_ATTR)) {
    const hex = normal(match[2]);
    counts.set(hex, (counts.get(hex) ?? 0) + 1);
  }
  const colours = [...counts.entries()].map(([hex, weight]) => ({ hex, rgb: hexToRgb(hex), weight }));
  if (colours.length === 0) return svg;
  // Start from the most used colour, then each time the one farthest from the chosen (maximin).
  colours.sort((a, b) => b.weight - a.weight || a.hex.localeCompare(b.hex));
  const centres = [colours[0].rgb];
  while (centres.length < Math.min(k, colours.length)) {
    let best = colours[0];
    let bestDistance = -1;
    for (const c of colours) {
      const d = Math.min(...centres.map((m) => distance(m, c.rgb)));
      if (d > bestDistance) {
        best = c;
        bestDistance = d;
      }
    }
    centres.push(best.rgb);
  }
  const nearest = (rgb: readonly number[]) => {
    let index = 0;
    for (let i = 1; i < centres.length; i++)
      if (distance(centres[i], rgb) < distance(centres[index], rgb)) index = i;
    return index;
  };
  for (let round = 0; round < 6; round++) {
    const sums = centres.map(() => [0, 0, 0, 0]);
    for (const c of colours) {
      const s = sums[nearest(c.rgb)];
      for (let j = 0; j < 3; j++) s[j] += c.rgb[j] * c.weight;
      s[3] += c.weight;
    }
    for (const [i, s] of sums.entries()) if (s[3] > 0) centres[i] = [s[0] / s[3], s[1] / s[3], s[2] / s[3]];
  }
  const hexes = centres.map((c) => rgbToHex(c[0], c[1], c[2]));
  const map = new Map(colours.map((c) => [c.hex, hexes[nearest(c.rgb)]]));
  return svg.replace(COLOUR_ATTR, (_m, attr: string, value: string) => `${attr}="${map.get(normal(value))}"`);
}

function distance(a: readonly number[], b: readonly number[]): number {
  // Weighted RGB: close to how different two colours look, at no cost.
  return 2 * (a[0] - b[0]) ** 2 + 4 * (a[1] - b[1]) ** 2 + 3 * (a[2] - b[2]) ** 2;
}
