// The five vector themes. Each one restyles the same layout; outlines and shadows are grown
// silhouettes rather than SVG filters because resvg's morphology and blur filters cost 50-800 ms
// at 1024 px, and the composer must stay under 100 ms a picture.
import type { ThemeId } from '../core/options';
import { iconArt, iconBody, iconMetrics, iconSilhouette, recolorBody, unitScale } from './art';
import type { Item, Layout } from './layout';
import { luminance, mix, type Palette } from './palettes';
import { n, type Random } from './random';

export type ThemeContext = { rng: Random; palette: Palette };
type VectorTheme = Exclude<ThemeId, 'pixel'>;

function silhouette(
  item: Item,
  paint: string,
  growPx: number,
  opts: { opacity?: number; dx?: number; dy?: number } = {},
): string {
  if (item.kind === 'icon') return iconSilhouette(item.placed, { paint, growPx, ...opts });
  const opacity = opts.opacity !== undefined && opts.opacity < 1 ? ` opacity="${opts.opacity}"` : '';
  if (!item.outline) return '';
  const move = opts.dx || opts.dy ? ` transform="translate(${n(opts.dx ?? 0)} ${n(opts.dy ?? 0)})"` : '';
  const stroke =
    growPx > 0 ? ` stroke="${paint}" stroke-width="${n(growPx * 2)}" stroke-linejoin="round"` : '';
  return `<path d="${item.outline}" fill="${paint}"${stroke}${opacity}${move}/>`;
}

function art(item: Item, opts: { wrapperAttrs?: string; body?: string; extra?: string } = {}): string {
  return item.kind === 'icon' ? iconArt(item.placed, opts) : item.art;
}

/**
 * A soft shadow without blur: three grown silhouettes at low opacity read as a feathered edge.
 * All pieces share each layer, so overlapping shadows do not darken twice and resvg allocates
 * three offscreen layers per picture rather than three per piece.
 */
function softShadows(pieces: { item: Item; grow: number; dy: number }[], strength = 1): string {
  const layer = (extra: number, shift: number, opacity: number) =>
    `<g opacity="${Math.round(opacity * strength * 100) / 100}">${pieces.map((p) => silhouette(p.item, '#0b0b1e', p.grow + extra, { dy: p.dy + shift })).join('')}</g>`;
  return layer(12, 4, 0.05) + layer(6, 0, 0.07) + layer(0, -3, 0.1);
}

/** Back to front: scene, accents, motion marks, subject. */
function items(layout: Layout): { item: Item; role: 'scene' | 'accent' | 'subject' | 'motion' }[] {
  const out: { item: Item; role: 'scene' | 'accent' | 'subject' | 'motion' }[] = [];
  if (layout.scene) out.push({ item: layout.scene.item, role: 'scene' });
  if (layout.motion) out.push({ item: layout.motion, role: 'motion' });
  for (const placed of layout.accents) out.push({ item: { kind: 'icon', placed }, role: 'accent' });
  out.push({ item: layout.subject, role: 'subject' });
  return out;
}

/** Flat sticker: white die-cut outline and a soft shadow under every piece. */
function stickerTheme(layout: Layout): string {
  const pieces = items(layout).map(({ item, role }) => ({
    item,
    grow: role === 'subject' ? 22 : role === 'scene' ? 16 : 15,
    dy: role === 'accent' ? 8 : 14,
  }));
  return (
    softShadows(pieces) +
    pieces.map(({ item, grow }) => silhouette(item, '#ffffff', grow) + art(item)).join('')
  );
}

function burstPath(
  cx: number,
  cy: number,
  outer: number,
  inner: number,
  spikes: number,
  rng: Random,
): string {
  let d = '';
  for (let i = 0; i < spikes * 2; i++) {
    const a = (i / (spikes * 2)) * Math.PI * 2 + rng.range(-0.05, 0.05);
    const r = i % 2 === 0 ? outer * rng.range(0.9, 1) : inner * rng.range(0.92, 1.05);
    d += `${i === 0 ? 'M' : 'L'}${n(cx + Math.cos(a) * r)} ${n(cy + Math.sin(a) * r)}`;
  }
  return `${d}Z`;
}

/** Comic book: action burst with halftone dots, bold black ink outline and a hard offset shadow. */
function comicTheme(layout: Layout, { rng, palette }: ThemeContext): string {
  const ink = '#141414';
  const [a, b, c] = rng.shuffle(palette.colors);
  const burst = burstPath(512, 512, 490, 380, rng.int(14, 20), rng);
  const inner = burstPath(512, 512, 380, 300, rng.int(12, 16), rng);
  const dot = rng.range(4.5, 6.5);
  const parts = [
    `<defs><pattern id="halftone" width="22" height="22" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><circle cx="11" cy="11" r="${n(dot)}" fill="${mix(a, ink, 0.35)}"/></pattern></defs>`,
    `<path d="${burst}" fill="${a}" stroke="${ink}" stroke-width="12" stroke-linejoin="round"/>`,
    `<path d="${burst}" fill="url(#halftone)" fill-opacity="0.7"/>`,
    `<path d="${inner}" fill="${b}" stroke="${ink}" stroke-width="8" stroke-linejoin="round"/>`,
  ];
  if (!layout.scene) parts.push(`<circle cx="512" cy="512" r="220" fill="${c}" fill-opacity="0.55"/>`);
  for (const { item, role } of items(layout)) {
    const grow = role === 'subject' ? 14 : 10;
    if (role === 'scene' && item.kind === 'shape') {
      // A smaller vignette lets the action burst show around it.
      parts.push(
        `<g transform="translate(512 512) scale(0.84) translate(-512 -512)">${silhouette(item, ink, grow, { dx: 12, dy: 14 })}${silhouette(item, ink, grow)}${item.art}<path d="${item.outline}" fill="url(#halftone)" fill-opacity="0.25"/></g>`,
      );
      continue;
    }
    parts.push(silhouette(item, ink, grow, { dx: 12, dy: 14 }));
    parts.push(silhouette(item, ink, grow));
    if (item.kind === 'icon') {
      const k = unitScale(item.placed);
      parts.push(
        art(item, { wrapperAttrs: `stroke="${ink}" stroke-width="${n(4 / k)}" stroke-linejoin="round"` }),
      );
    } else {
      parts.push(art(item));
      if (role === 'scene')
        parts.push(`<path d="${item.outline}" fill="url(#halftone)" fill-opacity="0.25"/>`);
    }
  }
  return parts.join('');
}

/**
 * Realistic: a lit studio. The art stands on a floor in front of a wall under a key light from the
 * upper left: every piece gets a light-to-shadow gradient, a bright rim on its lit edge and a dark
 * core shadow on the far one (bands cut from the silhouette and a shifted copy of it), a specular
 * highlight, and the subject casts a soft shadow across the floor away from the light.
 */
function realisticTheme(layout: Layout, { palette }: ThemeContext): string {
  const tint = palette.colors[3];
  const subjectBox = pieceBox(layout.subject);
  const parts: string[] = [
    '<defs>',
    '<linearGradient id="key" x1="0.15" y1="0" x2="0.75" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.32"/><stop offset="0.45" stop-color="#fff" stop-opacity="0"/><stop offset="0.7" stop-color="#1a1030" stop-opacity="0.08"/><stop offset="1" stop-color="#1a1030" stop-opacity="0.42"/></linearGradient>',
    '<radialGradient id="volume" cx="0.36" cy="0.3" r="0.75"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.22"/></radialGradient>',
    '<radialGradient id="specular" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity="0.75"/><stop offset="0.4" stop-color="#fff" stop-opacity="0.3"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>',
    '<linearGradient id="rim" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.6"/><stop offset="0.55" stop-color="#fff" stop-opacity="0.18"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>',
    '<linearGradient id="core" x1="0" y1="0" x2="1" y2="1"><stop offset="0.3" stop-color="#1a1030" stop-opacity="0"/><stop offset="1" stop-color="#1a1030" stop-opacity="0.34"/></linearGradient>',
    '<radialGradient id="contact" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#120c1c" stop-opacity="0.55"/><stop offset="0.55" stop-color="#120c1c" stop-opacity="0.2"/><stop offset="1" stop-color="#120c1c" stop-opacity="0"/></radialGradient>',
    '</defs>',
  ];
  if (layout.scene) {
    const s = layout.scene.item;
    parts.push(
      softShadows([{ item: s, grow: 4, dy: 18 }], 1.4),
      s.art,
      '<defs><radialGradient id="vignette" cx="0.5" cy="0.42" r="0.62"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient>',
      '<linearGradient id="dome" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.5"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient></defs>',
      `<path d="${s.outline}" fill="url(#vignette)"/>`,
      // A glass-dome reflection across the top of the disc.
      '<ellipse cx="430" cy="250" rx="250" ry="120" transform="rotate(-24 430 250)" fill="url(#dome)" opacity="0.55"/>',
      `<path d="${s.outline}" fill="none" stroke="#000" stroke-opacity="0.35" stroke-width="6"/>`,
    );
  } else {
    // Wall and floor meet a little above the subject's feet; a spotlight falls from the upper left.
    const horizon = Math.round(Math.min(780, Math.max(560, subjectBox.bottom - subjectBox.h * 0.16)));
    const wallTop = mix(tint, '#ffffff', 0.78);
    const wallLow = mix(tint, '#ffffff', 0.5);
    const floorBack = mix(tint, '#22182c', 0.28);
    const floorFront = mix(tint, '#ffffff', 0.45);
    const stage =
      'M212 92H812A120 120 0 0 1 932 212V812A120 120 0 0 1 812 932H212A120 120 0 0 1 92 812V212A120 120 0 0 1 212 92Z';
    parts.push(
      softShadows([{ item: { kind: 'shape', outline: stage, art: '' }, grow: 2, dy: 16 }], 1.2),
      '<defs>',
      `<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${wallTop}"/><stop offset="1" stop-color="${wallLow}"/></linearGradient>`,
      `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${floorBack}"/><stop offset="0.25" stop-color="${mix(floorBack, floorFront, 0.6)}"/><stop offset="1" stop-color="${floorFront}"/></linearGradient>`,
      '<radialGradient id="spot" cx="0.36" cy="0.3" r="0.62"><stop offset="0" stop-color="#fff" stop-opacity="0.6"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>',
      '<radialGradient id="falloff" cx="0.42" cy="0.4" r="0.72"><stop offset="0.6" stop-color="#0b0814" stop-opacity="0"/><stop offset="1" stop-color="#0b0814" stop-opacity="0.38"/></radialGradient>',
      `<linearGradient id="seam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0b0814" stop-opacity="0"/><stop offset="0.5" stop-color="#0b0814" stop-opacity="0.16"/><stop offset="1" stop-color="#0b0814" stop-opacity="0"/></linearGradient></defs>`,
      // Drawn as shapes of the studio's outline rather than clipped: a clip costs a layer.
      `<path d="M92 ${horizon}V212A120 120 0 0 1 212 92H812A120 120 0 0 1 932 212V${horizon}Z" fill="url(#wall)"/>`,
      `<path d="M92 ${horizon}H932V812A120 120 0 0 1 812 932H212A120 120 0 0 1 92 812Z" fill="url(#floor)"/>`,
      `<rect x="92" y="${horizon - 24}" width="840" height="48" fill="url(#seam)"/>`,
      `<path d="${stage}" fill="url(#spot)"/>`,
      `<path d="${stage}" fill="url(#falloff)"/>`,
    );
  }

  // The subject's shadow falls on the floor, long and soft, away from the light; it leans only as
  // far as the stage reaches (no clip: a clip costs a layer).
  const castShadow = (): string => {
    const b = subjectBox;
    const squash = 0.3;
    const room = Math.max(0, (layout.scene ? 880 : 910) - (b.x + b.w) - 16);
    const lean = Math.min(Math.tan((38 * Math.PI) / 180), room / Math.max(1, b.h * squash));
    const angle = (Math.atan(lean) * 180) / Math.PI;
    const layer = (grow: number, opacity: number) =>
      `<g opacity="${opacity}" transform="translate(0 ${n(b.bottom)}) skewX(${n(-angle)}) scale(1 ${squash}) translate(0 ${n(-b.bottom)})">${silhouette(layout.subject, '#160f22', grow)}</g>`;
    const contact = `<ellipse cx="${n(b.cx + b.w * 0.04)}" cy="${n(b.bottom - 6)}" rx="${n(Math.min(b.w, b.h) * 0.5)}" ry="${n(Math.min(b.w, b.h) * 0.075)}" fill="url(#contact)"/>`;
    return `${layer(16, 0.07)}${layer(8, 0.09)}${layer(0, 0.13)}${contact}`;
  };

  let lights = 0;
  // Light is painted through masks of the whole piece: an emoji's many overlapping parts would
  // each take the light again (and wash out) if it were painted per part.
  const lit = (item: Item): string => {
    lights += 1;
    const id = `light${lights}`;
    const b = pieceBox(item);
    const band = Math.max(4, Math.min(b.w, b.h) * 0.035);
    const region = `maskUnits="userSpaceOnUse" x="${n(b.x - 40)}" y="${n(b.y - 40)}" width="${n(b.w + 80)}" height="${n(b.h + 80)}"`;
    const shape = (paint: string, dx = 0, dy = 0) => silhouette(item, paint, 0, { dx, dy });
    const rect = (fill: string, opacity = 1) =>
      `<rect x="${n(b.x - 40)}" y="${n(b.y - 40)}" width="${n(b.w + 80)}" height="${n(b.h + 80)}" fill="${fill}"${opacity < 1 ? ` opacity="${opacity}"` : ''}/>`;
    const spec = `<ellipse cx="${n(b.cx - b.w * 0.2)}" cy="${n(b.cy - b.h * 0.24)}" rx="${n(b.w * 0.17)}" ry="${n(b.h * 0.09)}" transform="rotate(-32 ${n(b.cx - b.w * 0.2)} ${n(b.cy - b.h * 0.24)})" fill="url(#specular)"/>`;
    // The lit rim: the silhouette minus a copy moved away from the light; the core shadow the
    // other way. Each fades along the light's direction, so neither reads as a drawn outline.
    return (
      `<defs><mask id="${id}" ${region}>${shape('#fff')}</mask>` +
      `<mask id="${id}r" ${region}>${shape('#fff')}${shape('#000', band, band * 1.2)}</mask>` +
      `<mask id="${id}c" ${region}>${shape('#fff')}${shape('#000', -band * 1.4, -band * 1.6)}</mask></defs>` +
      art(item) +
      `<g mask="url(#${id})">${rect('url(#key)')}${rect('url(#volume)')}${spec}</g>` +
      `<g mask="url(#${id}r)">${rect('url(#rim)')}</g><g mask="url(#${id}c)">${rect('url(#core)')}</g>`
    );
  };

  const pieces = [...layout.accents.map((placed): Item => ({ kind: 'icon', placed })), layout.subject];
  parts.push(castShadow());
  if (layout.motion) parts.push(layout.motion.art);
  // Accents float: a soft drop shadow each; the subject's shadow is the cast one.
  if (layout.accents.length > 0)
    parts.push(
      softShadows(
        pieces.slice(0, -1).map((item) => ({ item, grow: 4, dy: 22 })),
        1.2,
      ),
    );
  // Accents are small: their own colours and a drop shadow; the full lighting is for the subject.
  for (const item of pieces) parts.push(item === layout.subject ? lit(item) : art(item));
  return parts.join('');
}

/** A piece's box on the canvas (icons: their visual box as placed). */
function pieceBox(item: Item): {
  x: number;
  y: number;
  w: number;
  h: number;
  cx: number;
  cy: number;
  bottom: number;
} {
  if (item.kind === 'shape') return { x: 150, y: 150, w: 724, h: 724, cx: 512, cy: 512, bottom: 874 };
  const p = item.placed;
  const m = iconMetrics(p.art);
  const k = unitScale(p);
  const w = m.w * k;
  const h = m.h * k;
  return { x: p.x - w / 2, y: p.y - h / 2, w, h, cx: p.x, cy: p.y, bottom: p.y + h / 2 };
}

/** Abstract: Bauhaus blocks around a posterised, simplified subject. */
function abstractTheme(layout: Layout, { rng, palette }: ThemeContext): string {
  const cols = rng.shuffle(palette.colors);
  const ink = palette.ink;
  const parts: string[] = [];
  const cx = 512;
  const cy = 512;
  const corner = rng.pick([0, 40, 400]);
  // Everything painted behind the subject stays inside the paper block, so nothing is clipped.
  parts.push(
    `<clipPath id="paper-clip"><rect x="${n(cx - 400)}" y="${n(cy - 400)}" width="800" height="800" rx="${corner}"/></clipPath>`,
  );
  parts.push(
    `<rect x="${n(cx - 400)}" y="${n(cy - 400)}" width="800" height="800" rx="${corner}" fill="${palette.paper}"/><g clip-path="url(#paper-clip)">`,
  );
  const big = rng.range(250, 320);
  parts.push(
    `<circle cx="${n(cx + rng.range(-90, 90))}" cy="${n(cy + rng.range(-90, 60))}" r="${n(big)}" fill="${cols[0]}"/>`,
  );
  const rot = rng.pick([0, 15, 45, -20]);
  parts.push(
    `<rect x="${n(cx - 400)}" y="${n(cy + rng.range(60, 160))}" width="${n(rng.range(360, 520))}" height="${n(rng.range(180, 240))}" fill="${cols[1]}" transform="rotate(${rot} ${cx} ${cy})" opacity="0.92"/>`,
  );
  const hx = cx + rng.pick([-1, 1]) * rng.range(180, 260);
  const hy = cy - rng.range(160, 260);
  parts.push(`<path d="M${n(hx - 130)} ${n(hy)}a130 130 0 0 1 260 0Z" fill="${cols[2]}"/>`);
  parts.push(
    `<path d="M${n(cx + 400)} ${n(cy + 400)}L${n(cx + 400)} ${n(cy + rng.range(40, 160))}L${n(cx + rng.range(80, 200))} ${n(cy + 400)}Z" fill="${cols[3]}"/>`,
  );
  let dots = '';
  const ox = cx - rng.range(330, 370);
  const oy = cy - rng.range(330, 370);
  for (let i = 0; i < 4; i++)
    for (let j = 0; j < 4; j++) dots += `<circle cx="${n(ox + i * 34)}" cy="${n(oy + j * 34)}" r="8"/>`;
  parts.push(`<g fill="${ink}">${dots}</g>`);
  parts.push(
    `<circle cx="${cx}" cy="${cy}" r="${n(rng.range(340, 380))}" fill="none" stroke="${ink}" stroke-width="6" stroke-dasharray="${n(rng.range(200, 400))} ${n(rng.range(80, 180))}"/>`,
  );
  let stripes = '';
  const sx = cx + rng.range(220, 300);
  for (let i = 0; i < 5; i++)
    stripes += `<rect x="${n(sx)}" y="${n(cy - 330 + i * 22)}" width="${n(rng.range(70, 110))}" height="9"/>`;
  parts.push(`<g fill="${ink}">${stripes}</g></g>`);

  if (layout.scene) {
    const s = layout.scene.item;
    parts.push(
      `<g opacity="0.9" transform="translate(512 512) scale(0.62) translate(-512 -512)">${s.art}</g>`,
    );
  }
  // Posterise: every colour of the art snaps to one of five tones taken from the palette.
  const tones = [ink, ...[...cols].sort((x, y) => luminance(x) - luminance(y)).slice(1, 4), palette.paper];
  const snap = (hex: string) => {
    const l = luminance(hex);
    return l < 0.16 ? tones[0] : l < 0.38 ? tones[1] : l < 0.6 ? tones[2] : l < 0.82 ? tones[3] : tones[4];
  };
  for (const { item, role } of items({ ...layout, scene: null })) {
    const offset = role === 'subject' ? 20 : 12;
    parts.push(silhouette(item, ink, 0, { dx: offset, dy: offset }));
    if (item.kind === 'icon') {
      parts.push(silhouette(item, ink, 7));
      // People, animals and food keep their own colours (no green worker, no blue cow), and so
      // does a colour the prompt asked for; only things are posterised into the palette.
      const { art: drawn, recolour } = item.placed;
      const own = drawn.kind === 'color' && (drawn.creature || drawn.food || Boolean(recolour));
      parts.push(
        own
          ? art(item)
          : art(item, { body: recolorBody(iconBody(item.placed), snap).replace(/ opacity="[^"]*"/g, '') }),
      );
    } else {
      parts.push(art(item));
    }
  }
  return parts.join('');
}

/** A hand-painted wash: a polygon deformed by recursive midpoint displacement (layered, translucent). */
function washPath(rng: Random, cx: number, cy: number, r: number, depth: number): string {
  let pts: [number, number][] = [];
  const sides = 10;
  for (let i = 0; i < sides; i++) {
    const a = (i / sides) * Math.PI * 2;
    const rr = r * rng.range(0.86, 1.04);
    pts.push([cx + Math.cos(a) * rr, cy + Math.sin(a) * rr]);
  }
  for (let d = 0; d < depth; d++) {
    const next: [number, number][] = [];
    for (let i = 0; i < pts.length; i++) {
      const [x1, y1] = pts[i];
      const [x2, y2] = pts[(i + 1) % pts.length];
      const len = Math.hypot(x2 - x1, y2 - y1);
      const mx = (x1 + x2) / 2 + rng.range(-0.5, 0.5) * len * 0.35;
      const my = (y1 + y2) / 2 + rng.range(-0.5, 0.5) * len * 0.35;
      next.push([x1, y1], [mx, my]);
    }
    pts = next;
  }
  // Never let the wash touch the canvas edge.
  const clamp = (v: number) => Math.min(1024 - 30, Math.max(30, v));
  return `M${pts.map(([x, y]) => `${n(clamp(x))} ${n(clamp(y))}`).join('L')}Z`;
}

/** Watercolour: translucent washes, wobbling pigment edges, bleeding halo and paper grain. */
function watercolorTheme(layout: Layout, { rng, palette }: ThemeContext): string {
  // Washes are light and airy: dark palette colours are thinned with water (white).
  const [wash1, wash2] = rng
    .shuffle(palette.colors)
    .map((c) => mix(c, '#ffffff', luminance(c) < 0.45 ? 0.55 : 0.25));
  const seed = rng.int(1, 999);
  const parts: string[] = [
    '<defs>',
    `<filter id="pigment" x="-10%" y="-10%" width="120%" height="120%" color-interpolation-filters="sRGB"><feTurbulence type="fractalNoise" baseFrequency="0.035" numOctaves="2" seed="${seed}" result="noise"/><feDisplacementMap in="SourceGraphic" in2="noise" scale="16" xChannelSelector="R" yChannelSelector="G" result="moved"/><feColorMatrix in="moved" type="matrix" values="0.82 0 0 0 0.17  0 0.82 0 0 0.17  0 0 0.82 0 0.17  0 0 0 0.92 0"/></filter>`,
    `<filter id="grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="1" seed="${seed}" stitchTiles="stitch"/><feColorMatrix type="matrix" values="0 0 0 0 0.35  0 0 0 0 0.28  0 0 0 0 0.2  0 0 0 -1.4 0.9"/></filter>`,
    '<pattern id="paper" width="128" height="128" patternUnits="userSpaceOnUse"><rect width="128" height="128" filter="url(#grain)"/></pattern>',
    '</defs>',
  ];
  const cx = 512 + rng.range(-20, 20);
  const cy = 512 + rng.range(-20, 20);
  const base1 = washPath(rng, cx, cy, 380, 2);
  for (let i = 0; i < 6; i++) {
    parts.push(`<path d="${washPath(rng, cx, cy, 380 - i * 14, 4)}" fill="${wash1}" fill-opacity="0.13"/>`);
  }
  const cx2 = cx + rng.range(-140, 140);
  const cy2 = cy + rng.range(60, 160);
  for (let i = 0; i < 4; i++) {
    parts.push(`<path d="${washPath(rng, cx2, cy2, 200 - i * 12, 4)}" fill="${wash2}" fill-opacity="0.14"/>`);
  }
  parts.push(`<path d="${base1}" fill="url(#paper)" fill-opacity="0.3"/>`);
  const painted: string[] = [];
  if (layout.scene) {
    const s = layout.scene.item;
    painted.push(`<g opacity="0.85">${s.art}</g>`);
  }
  for (const { item, role } of items({ ...layout, scene: null })) {
    const bleed = role === 'subject' ? 12 : 8;
    painted.push(silhouette(item, mix(wash1, '#ffffff', 0.2), bleed, { opacity: 0.35 }));
    // A soft pencil edge in the wash's own hue: a white subject on a light wash would otherwise fade away.
    painted.push(silhouette(item, mix(wash1, '#000000', 0.55), 4, { opacity: 0.6 }));
    painted.push(art(item));
    painted.push(silhouette(item, mix(wash1, '#3a2a20', 0.5), 0, { opacity: 0.08, dx: 3, dy: 4 }));
  }
  parts.push(`<g filter="url(#pigment)">${painted.join('')}</g>`);
  return parts.join('');
}

export const VECTOR_THEMES: Record<VectorTheme, (layout: Layout, ctx: ThemeContext) => string> = {
  default: (layout) => stickerTheme(layout),
  comic: comicTheme,
  realistic: realisticTheme,
  abstract: abstractTheme,
  watercolor: watercolorTheme,
};

/** The flat composition (no outlines or effects), which the pixel theme rasterises. */
export function flatComposition(layout: Layout): string {
  return items(layout)
    .map(({ item }) => art(item))
    .join('');
}
