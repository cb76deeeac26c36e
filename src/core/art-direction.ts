// Art direction ("expert prompts", Premium and Enterprise): five controls a member may set on a
// generation. Each control's values are listed once; unset means today's behaviour (the provider
// decides), so a request without art direction draws exactly what it drew before.
import type { Tier } from './tiers';

export const COMPOSITION_IDS = ['single', 'scene'] as const;
export const OUTLINE_IDS = ['none', 'thin', 'bold'] as const;
export const COLOUR_COUNT_IDS = ['few', 'many'] as const;
export const BACKGROUND_IDS = ['transparent', 'scene'] as const;
export const VIEWPOINT_IDS = ['front', 'three-quarter', 'top'] as const;

export type Composition = (typeof COMPOSITION_IDS)[number];
export type Outline = (typeof OUTLINE_IDS)[number];
export type ColourCount = (typeof COLOUR_COUNT_IDS)[number];
export type Background = (typeof BACKGROUND_IDS)[number];
export type Viewpoint = (typeof VIEWPOINT_IDS)[number];

/** The controls a member chose; a control left out is not directed. */
export type ArtDirection = {
  composition?: Composition;
  outline?: Outline;
  colours?: ColourCount;
  background?: Background;
  viewpoint?: Viewpoint;
};

export type ArtDirectionKey = keyof ArtDirection;

/** No control set: the default, today's behaviour. */
export const DEFAULT_ART_DIRECTION: Readonly<ArtDirection> = {};

type Control<K extends ArtDirectionKey> = {
  key: K;
  label: string;
  values: readonly { id: NonNullable<ArtDirection[K]>; label: string; prompt: string }[];
};

/**
 * The controls as the form, history and the image model's prompt name them. `prompt` is the
 * sentence the OpenAI provider is given for the value.
 */
export const ART_DIRECTION_CONTROLS = [
  {
    key: 'composition',
    label: 'Composition',
    values: [
      {
        id: 'single',
        label: 'Single subject',
        prompt: 'Composition: one single subject alone, no props, nothing else in the picture.',
      },
      {
        id: 'scene',
        label: 'Small scene',
        prompt:
          'Composition: a small scene, the subject standing on the ground with two or three small props.',
      },
    ],
  } satisfies Control<'composition'>,
  {
    key: 'outline',
    label: 'Outline',
    values: [
      { id: 'none', label: 'None', prompt: 'Outline: no outlines at all, shapes drawn in flat colour only.' },
      { id: 'thin', label: 'Thin', prompt: 'Outline: thin, fine dark outlines around every shape.' },
      { id: 'bold', label: 'Bold', prompt: 'Outline: bold, thick dark outlines around every shape.' },
    ],
  } satisfies Control<'outline'>,
  {
    key: 'colours',
    label: 'Colour count',
    values: [
      { id: 'few', label: 'Few', prompt: 'Colours: a limited palette of at most four flat colours.' },
      { id: 'many', label: 'Many', prompt: 'Colours: a rich, many-coloured palette.' },
    ],
  } satisfies Control<'colours'>,
  {
    key: 'background',
    label: 'Background',
    values: [
      {
        id: 'transparent',
        label: 'Transparent',
        prompt: 'Background: transparent, nothing behind the subject.',
      },
      {
        id: 'scene',
        label: 'Scene',
        prompt: 'Background: a full scene background that fills the whole picture edge to edge.',
      },
    ],
  } satisfies Control<'background'>,
  {
    key: 'viewpoint',
    label: 'Viewpoint',
    values: [
      { id: 'front', label: 'Front', prompt: 'Viewpoint: straight front view, facing the viewer.' },
      {
        id: 'three-quarter',
        label: 'Three-quarter',
        prompt: 'Viewpoint: three-quarter view, turned about 45 degrees, showing front and side.',
      },
      { id: 'top', label: 'Top', prompt: "Viewpoint: top-down view, seen from directly above (bird's-eye)." },
    ],
  } satisfies Control<'viewpoint'>,
] as const;

function chosen(direction: ArtDirection | null | undefined) {
  if (!direction) return [];
  return ART_DIRECTION_CONTROLS.flatMap((c) => {
    const id = direction[c.key];
    const value = id
      ? (c.values as readonly { id: string; label: string; prompt: string }[]).find((v) => v.id === id)
      : undefined;
    return value ? [{ key: c.key, label: c.label, value }] : [];
  });
}

/** At least one control is set (only then is the plan asked). */
export function hasArtDirection(direction: ArtDirection | null | undefined): boolean {
  return chosen(direction).length > 0;
}

/** Only the controls set, in the controls' order (what is stored; null when none is). */
export function normaliseArtDirection(direction: ArtDirection | null | undefined): ArtDirection | null {
  const set = chosen(direction);
  if (set.length === 0) return null;
  return Object.fromEntries(set.map((c) => [c.key, c.value.id])) as ArtDirection;
}

/** Each control set as history shows it: { control: 'Outline', value: 'Bold' }. */
export function artDirectionDetails(
  direction: ArtDirection | null | undefined,
): { control: string; value: string }[] {
  return chosen(direction).map((c) => ({ control: c.label, value: c.value.label }));
}

/** The image model's sentences for the controls set. */
export function artDirectionPrompt(direction: ArtDirection | null | undefined): string[] {
  return chosen(direction).map((c) => c.value.prompt);
}

/** Art direction is Premium's (Enterprise includes it). */
export function hasArtDirectionControls(tier: Tier): boolean {
  return tier === 'premium' || tier === 'enterprise';
}

/** The plan that opens the controls, for the line under them on lower plans. */
export const ART_DIRECTION_PLAN: Tier = 'premium';
