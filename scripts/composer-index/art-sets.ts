// The art the composer draws with: open icon sets from npm in Iconify's JSON format. Each set's
// licence is read from its own package metadata and checked against the licences we can honour
// for pictures that members download and use freely (attribution is given in the app and notices).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ArtKind } from '../../src/composer/index-file';

const require = createRequire(import.meta.url);

/** Licences whose terms a generated picture can meet: permissive, or attribution only. */
export const ALLOWED_LICENCES = new Set(['MIT', 'Apache-2.0', 'CC-BY-3.0', 'CC-BY-4.0']);

export type ArtSetChoice = {
  prefix: string;
  kind: ArtKind;
  /** How much a match in this set counts against the same match in another (colour art first). */
  weight: number;
  /** Only icons in these categories of the set's own metadata (UI glyphs are no clipart). */
  categories?: string[];
  /** And these icons the set's metadata files under no category, chosen by eye: things, no UI. */
  uncategorised?: string[];
};

export const ART_SETS: ArtSetChoice[] = [
  // Full-colour emoji: the house style; keywords from CLDR via emojibase.
  { prefix: 'fluent-emoji-flat', kind: 'color', weight: 1 },
  // ~4,000 silhouettes of things, buildings, tools, creatures and people (lighthouse, windmill, chest).
  { prefix: 'game-icons', kind: 'mono', weight: 0.9 },
  // Everyday objects, vehicles, food and places not found above; only its clipart-like categories.
  {
    prefix: 'mdi',
    kind: 'mono',
    weight: 0.84,
    categories: [
      'Agriculture',
      'Animal',
      'Automotive',
      'Clothing',
      'Device / Tech',
      'Drawing / Art',
      'Food / Drink',
      'Gaming / RPG',
      'Hardware / Tools',
      'Health / Beauty',
      'Holiday',
      'Home Automation',
      'Medical / Hospital',
      'Music',
      'Nature',
      'People / Family',
      'Places',
      'Science',
      'Shopping',
      'Sport',
      'Transportation + Flying',
      'Transportation + Other',
      'Transportation + Road',
      'Transportation + Water',
      'Weather',
    ],
    // Everyday things the sets draw nowhere else (looked at one by one; "pan" is a move arrow,
    // "school" a mortarboard, and "pillar" would draw the pillars of Islam as a column).
    uncategorised: [
      'eraser',
      'knife',
      'wifi',
      'seesaw',
      'typewriter',
      'stool',
      'yurt',
      'lectern',
      'shredder',
      'pinwheel',
      'oar',
    ],
  },
];

/** mdi name parts that mark a UI variant of an icon rather than a thing ("-outline", "-off"). */
const UI_VARIANT =
  /-(outline|off|plus|minus|remove|check|cancel|alert|edit|cog|lock|lock-open|sync|search|clock|star|heart|arrow.*|box|circle|multiple|network|question|settings|marker|account|variant-outline|open-outline)$/;

type IconifyJson = {
  prefix: string;
  icons: Record<string, { body: string; width?: number; height?: number; hidden?: boolean }>;
  aliases?: Record<string, { parent: string }>;
  width?: number;
  height?: number;
};

type IconifyInfo = {
  name: string;
  license: { title: string; spdx: string; url?: string };
  author: { name: string; url?: string };
};

export type LoadedIcon = { name: string; body: string; width: number; height: number };

export type LoadedSet = ArtSetChoice & {
  name: string;
  version: string;
  licence: string;
  author: string;
  icons: LoadedIcon[];
  chars?: Record<string, string>;
};

export function loadArtSet(choice: ArtSetChoice): LoadedSet {
  const pkg = `@iconify-json/${choice.prefix}`;
  const info = require(`${pkg}/info.json`) as IconifyInfo;
  if (!ALLOWED_LICENCES.has(info.license.spdx)) {
    throw new Error(`${pkg} is licensed ${info.license.spdx}, which generated pictures cannot honour`);
  }
  const version = (require(`${pkg}/package.json`) as { version: string }).version;
  const json = JSON.parse(readFileSync(require.resolve(`${pkg}/icons.json`), 'utf8')) as IconifyJson;
  let allowed: Set<string> | null = null;
  if (choice.categories) {
    const meta = require(`${pkg}/metadata.json`) as { categories?: Record<string, string[]> };
    allowed = new Set([
      ...choice.categories.flatMap((c) => meta.categories?.[c] ?? []),
      ...(choice.uncategorised ?? []),
    ]);
  }
  const icons: LoadedIcon[] = [];
  for (const [name, icon] of Object.entries(json.icons)) {
    if (icon.hidden) continue;
    if (allowed && (!allowed.has(name) || UI_VARIANT.test(name))) continue;
    icons.push({
      name,
      body: icon.body,
      width: icon.width ?? json.width ?? 16,
      height: icon.height ?? json.height ?? 16,
    });
  }
  let chars: Record<string, string> | undefined;
  try {
    chars = require(`${pkg}/chars.json`) as Record<string, string>;
  } catch {
    chars = undefined;
  }
  return {
    ...choice,
    name: info.name,
    version,
    licence: info.license.spdx,
    author: info.author.name,
    icons,
    chars,
  };
}
