import { type ArtDirection, artDirectionPrompt } from './art-direction';
import type { ThemeId } from './options';
import { findPalette, type PaletteId } from './palettes';

export const PROMPT_MAX_LENGTH = 1000;

/** Suggest (Basic and above) answers this many improved prompts for one idea. */
export const SUGGESTION_COUNT = 3;

/**
 * The longest idea Suggest improves: shorter than a prompt, so that every suggestion (the idea
 * with a subject detail, a pose, a setting and a colour added) still fits in PROMPT_MAX_LENGTH.
 */
export const SUGGEST_IDEA_MAX_LENGTH = 500;

/**
 * The one place what a person typed is normalised: the request schema runs it, and everything
 * after (storage, ledger, cleaning, the provider, the image check) takes its result as it is.
 * Only surrounding whitespace goes: history and the gallery show the prompt as it was typed.
 */
export function normalisePrompt(typed: string): string {
  return typed.trim();
}

export const SAMPLE_PROMPTS: readonly string[] = [
  'Cute cartoon animal',
  'Robot assistant',
  'Fantasy landscape',
  'Superhero',
  'Futuristic vehicle',
  'Whimsical creature',
  'Seasonal holiday scene',
  'Underwater scene',
  'Space exploration',
  'Food character',
];

// Words that may describe a background ("plain light-blue", "solid white", "transparent").
const DESCRIPTOR =
  '(?:plain|solid|pure|simple|clean|neutral|uniform|blank|empty|flat|light|dark|pale|pastel|bright|soft|' +
  'deep|off|transparent|clear|colou?red|gradient|single|one|white|black|blue|red|green|yellow|orange|' +
  'purple|violet|pink|gr[ae]y|brown|beige|cream|ivory|gold(?:en)?|silver|teal|cyan|magenta|navy|turquoise|' +
  'lavender|mint|peach|colou?r)';
const DESCRIPTORS = `(?:${DESCRIPTOR}(?:[\\s-]+${DESCRIPTOR}){0,3})`;
const BACKGROUND = '(?:background|backdrop|bg)';
const ARTICLE = '(?:(?:a|an|the)\\s+)?';

// The image model is told the background itself (plain white or transparent), so whatever the
// user wrote about it would contradict or duplicate our instruction.
const BACKGROUND_PATTERNS: readonly RegExp[] = [
  // "background: light blue", "background = red" — up to the next comma, full stop or semicolon.
  new RegExp(`\\b${BACKGROUND}\\s*[:=][^,.;]*`, 'giu'),
  // "isolated on white", "isolated on a white background", "isolated against black".
  new RegExp(
    `\\bisolated\\s+(?:on|against|over)\\s+${ARTICLE}${DESCRIPTORS}(?:\\s+${BACKGROUND})?\\b`,
    'giu',
  ),
  // "on a white background", "with a blue background", "against a plain backdrop",
  // "in front of a grey background", "with transparent background", "set on a pink bg".
  new RegExp(
    `\\b(?:(?:set|placed)\\s+)?(?:on|with|against|over|in\\s+front\\s+of)\\s+${ARTICLE}(?:${DESCRIPTORS}\\s+)?${BACKGROUND}\\b`,
    'giu',
  ),
  // "no background", "without a background", "without any background".
  new RegExp(`\\b(?:no|without)\\s+(?:(?:a|any)\\s+)?${BACKGROUND}\\b`, 'giu'),
  // A bare "white background" / "transparent bg" left after a comma.
  new RegExp(`\\b${DESCRIPTORS}\\s+${BACKGROUND}\\b`, 'giu'),
];

function tidy(text: string): string {
  return (
    text
      .replace(/\s+/g, ' ')
      // "cat , smiling" → "cat, smiling"; "cat ." → "cat."
      .replace(/\s+([,.;!?])/g, '$1')
      // Commas and semicolons left stacked where a phrase was removed: "cat,, smiling", "cat,."
      .replace(/([,;])(?:\s*[,;])+/g, '$1')
      .replace(/[,;]\s*([.!?])/g, '$1')
      // Dangling joiners where the removed phrase ended the text: "a cat and", "a dog with".
      .replace(/(?:[\s,;]+(?:and|with|or|on|in|against))+\s*([.!?]?)$/i, '$1')
      .replace(/^[\s,;.]+/, '')
      .replace(/[\s,;]+$/, '')
  );
}

/**
 * The (normalised) prompt without what it says about the background, with the gaps left by the
 * removed phrases closed up: whitespace runs collapse and stray commas go.
 * If nothing but background talk was written, the original (tidied) text is kept rather
 * than sending an empty subject.
 */
export function cleanPrompt(raw: string): string {
  let text = raw;
  for (const pattern of BACKGROUND_PATTERNS) text = text.replace(pattern, ' ');
  const cleaned = tidy(text);
  return cleaned || tidy(raw);
}

export const THEME_STYLE_PHRASES: Readonly<Record<ThemeId, string>> = {
  default: 'Style: friendly modern clipart with bold simple shapes and a cheerful palette.',
  comic: 'Style: comic book art with bold black ink outlines, halftone shading and punchy colours.',
  realistic: 'Style: realistic illustration with lifelike proportions and detailed soft shading.',
  abstract: 'Style: abstract art built from simplified geometric shapes and bold colour blocks.',
  watercolor: 'Style: watercolour painting with soft washes, gentle edges and visible paper texture.',
  pixel: 'Style: pixel art on a crisp low-resolution grid with a limited retro 8-bit palette.',
};

/**
 * What a custom style adds to the theme (a palette and extra style words), and the art direction
 * controls set (Premium).
 */
export type PromptStyle = {
  palette?: PaletteId | null;
  words?: string | null;
  artDirection?: ArtDirection | null;
};

/**
 * The text sent to the image model: the cleaned subject inside fixed clipart instructions, with a
 * custom style's palette colours and words after the theme's style line.
 */
export function buildClipartPrompt(cleaned: string, theme: ThemeId, custom: PromptStyle = {}): string {
  const style = THEME_STYLE_PHRASES[theme] ?? THEME_STYLE_PHRASES.default;
  const subject = cleaned.replace(/[\s.!?;,]+$/, '');
  const palette = findPalette(custom.palette);
  const words = custom.words?.trim().replace(/[\s.!?;,]+$/, '');
  const direction = custom.artDirection ?? {};
  // A control the member set replaces the fixed instruction it would contradict.
  const framing =
    direction.composition || direction.outline || direction.colours
      ? 'Centred and fully in frame.'
      : 'One single subject, centred and fully in frame, with clean outlines and flat colours.';
  return [
    `Clipart illustration of: ${subject}.`,
    style,
    palette ? `Colour palette: ${palette.label.toLowerCase()} (${palette.colors.join(', ')}).` : null,
    words ? `Also: ${words}.` : null,
    framing,
    ...artDirectionPrompt(direction),
    direction.background
      ? null
      : 'Plain white or transparent background with nothing else behind the subject.',
    'No text, no letters, no watermark, no signature, no border.',
  ]
    .filter((part) => part !== null)
    .join(' ');
}
