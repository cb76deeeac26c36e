// Prompt + theme + seed -> SVG and a 1024x1024 transparent PNG. Pure function of its inputs and
// the index: every random choice comes from seeded generators, so the output is the same byte for byte.
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import { type ArtDirection, hasArtDirection } from '../core/art-direction';
import { artSetPrefixes, findArtSet } from '../core/art-licences';
import type { ThemeId } from '../core/options';
import { findPalette, type PaletteId } from '../core/palettes';
import { resetIds } from './art';
import { directBody, directLayout } from './art-direction';
import { buildLayout } from './layout';
import { releaseRenderMemory } from './native-memory';
import { PALETTES } from './palettes';
import { pixelate } from './pixel';
import { type DrawnSubject, planPrompt } from './plan';
import { createRandom, hashText } from './random';
import { flatComposition, VECTOR_THEMES } from './themes';
import { tokenize } from './words';

export type ComposeInput = {
  prompt: string;
  theme: ThemeId;
  seed: number;
  /** A custom style's palette: paints the theme's shapes and the art in it. Else one is picked by seed. */
  palette?: PaletteId | null;
  /** Art direction controls (Premium); none set draws today's picture. */
  artDirection?: ArtDirection | null;
};

export type Composition = {
  svg: string;
  png: Buffer;
  /** What was drawn, subject first: the prompt's word, the art's name and its "<set>:<icon>". */
  subjects: DrawnSubject[];
  /** The art sets the picture uses, subject's and accents' alike (`game-icons`): what its credit names. */
  artSets: string[];
};

export const CANVAS = 1024;

/** Builds the SVG only (no rasterising): cheap, and what the PNG is rendered from. Throws ComposerMiss. */
export function composeSvg(input: ComposeInput): Omit<Composition, 'png'> & { renderScale: number } {
  const words = tokenize(input.prompt).join(' ');
  const seed = input.seed >>> 0;
  // Separate streams: the subject choice must not change with the theme.
  const planRng = createRandom(hashText(`plan|${words}`) ^ seed);
  const layoutRng = createRandom(hashText(`layout|${words}|${input.theme}`) ^ Math.imul(seed, 0x9e3779b1));
  const themeRng = createRandom(hashText(`theme|${words}|${input.theme}`) ^ Math.imul(seed + 1, 0x85ebca6b));

  resetIds();
  const plan = planPrompt(input.prompt, planRng);
  // Picked even when one was chosen, so the rest of the picture stays the same for the seed.
  const picked = themeRng.pick(PALETTES);
  const chosen = findPalette(input.palette);
  const palette = chosen ?? picked;
  const built = buildLayout(plan, input.theme, layoutRng, palette, Boolean(chosen), seed);
  // Art direction has its own random stream, so setting a control changes nothing else's choices.
  const direction = hasArtDirection(input.artDirection) ? input.artDirection : null;
  const layout = direction
    ? directLayout(built, direction, createRandom(hashText(`direction|${words}`) ^ seed), {
        named: plan.accents.length,
        paired: Boolean(plan.partner),
      })
    : built;

  const drawn =
    input.theme === 'pixel'
      ? pixelate(flatComposition(layout), themeRng)
      : VECTOR_THEMES[input.theme](layout, { rng: themeRng, palette });
  const body = direction
    ? directBody({ body: drawn, layout, theme: input.theme, palette, direction })
    : drawn;
  const names = plan.subjects.map((s) => s.label).join(', ');
  const title = `Clipsmith composer: ${names}${plan.scene ? `, ${plan.scene} scene` : ''} (${input.theme})`;
  // The art's sets and licences travel with the vector (CC BY art asks for attribution), in the
  // same words the download menu and the FAQ use (core/art-licences).
  const artSets = artSetPrefixes([plan.subject, ...layout.accents.map((a) => a.art)].map((a) => a.id));
  const credits = artSets
    .map((prefix) => findArtSet(prefix)?.credit)
    .filter(Boolean)
    .join('; ');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${CANVAS}" height="${CANVAS}" viewBox="0 0 ${CANVAS} ${CANVAS}">` +
    `<title>${escapeXml(title)}</title><desc>${escapeXml(`Art: ${credits}`)}</desc>${body}</svg>`;
  // Watercolour's turbulence filter costs ~4x more at full size; its soft look survives a 2x upscale.
  return { svg, subjects: plan.subjects, artSets, renderScale: input.theme === 'watercolor' ? 0.5 : 1 };
}

export async function composeClipart(input: ComposeInput): Promise<Composition> {
  const { renderScale, ...composition } = composeSvg(input);
  const png = await renderPng(composition.svg, renderScale);
  await releaseRenderMemory();
  return { ...composition, png };
}

export async function renderPng(svg: string, renderScale = 1, size = CANVAS): Promise<Buffer> {
  const width = Math.round(size * renderScale);
  const rendered = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: { loadSystemFonts: false },
  }).render();
  if (width === size) return rendered.asPng();
  return sharp(Buffer.from(rendered.pixels), {
    raw: { width, height: width, channels: 4, premultiplied: true },
  })
    .resize(size, size, { kernel: 'lanczos3' })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
