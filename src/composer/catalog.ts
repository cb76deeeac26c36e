// The art and words the composer searches: Fluent Emoji Flat vectors (MIT) joined by code point
// with emojibase CLDR labels and tags (MIT). Built lazily once per process: parsing the 8.6 MB
// icon set takes ~60 ms, so it stays out of server start-up and out of the repository.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export type IconEntry = {
  name: string;
  label: string;
  group: number;
  subgroup: number;
};

export type Catalog = {
  icons: Map<string, { body: string; width: number; height: number }>;
  entries: Map<string, IconEntry>;
  /** search term -> icon name -> weight */
  terms: Map<string, Map<string, number>>;
  /** full label ("hot dog") -> icon name */
  labels: Map<string, string>;
  buildMs: number;
};

type IconifySet = {
  icons: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string; hFlip?: boolean }>;
  width?: number;
  height?: number;
};

type EmojibaseEntry = {
  label: string;
  hexcode: string;
  tags?: string[];
  group?: number;
  subgroup?: number;
  skins?: { hexcode: string }[];
};

// Groups that make poor clipart subjects (skin-tone swatches, flags, keycaps, signs) weigh less.
const GROUP_WEIGHT: Record<number, number> = {
  0: 0.9,
  1: 0.85,
  2: 0,
  3: 1.2,
  4: 1.15,
  5: 1.05,
  6: 1,
  7: 1,
  8: 0.35,
  9: 0.2,
};

let cached: Catalog | undefined;

function readJson<T>(specifier: string): T {
  return JSON.parse(readFileSync(require.resolve(specifier), 'utf8')) as T;
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((w) => w.length > 1);
}

export function getCatalog(): Catalog {
  if (cached) return cached;
  const started = performance.now();
  const set = readJson<IconifySet>('@iconify-json/fluent-emoji-flat/icons.json');
  const chars = readJson<Record<string, string>>('@iconify-json/fluent-emoji-flat/chars.json');
  const emoji = readJson<EmojibaseEntry[]>('emojibase-data/en/data.json');

  const icons: Catalog['icons'] = new Map();
  for (const [name, icon] of Object.entries(set.icons)) {
    icons.set(name, {
      body: icon.body,
      width: icon.width ?? set.width ?? 32,
      height: icon.height ?? set.height ?? 32,
    });
  }

  const byHex = (hex: string) => chars[hex.toLowerCase()] ?? chars[hex.toLowerCase().replace(/-fe0f/g, '')];
  const skinVariants = new Set<string>();
  const entries: Catalog['entries'] = new Map();
  const terms: Catalog['terms'] = new Map();
  const labels: Catalog['labels'] = new Map();
  const add = (term: string, name: string, weight: number) => {
    let bucket = terms.get(term);
    if (!bucket) {
      bucket = new Map();
      terms.set(term, bucket);
    }
    bucket.set(name, Math.max(bucket.get(name) ?? 0, weight));
  };

  for (const e of emoji) {
    for (const skin of e.skins ?? []) {
      const variant = byHex(skin.hexcode);
      if (variant) skinVariants.add(variant);
    }
  }
  for (const e of emoji) {
    const name = byHex(e.hexcode);
    if (!name || skinVariants.has(name) || !icons.has(name) || entries.has(name)) continue;
    const group = e.group ?? 7;
    const g = GROUP_WEIGHT[group] ?? 1;
    if (g === 0) continue;
    const label = e.label.toLowerCase();
    entries.set(name, { name, label, group, subgroup: e.subgroup ?? -1 });
    if (!labels.has(label)) labels.set(label, name);
    const labelWords = words(label);
    // Short labels are the most specific: "dog" beats "guide dog" for the word dog.
    for (const w of labelWords) add(w, name, (4 * g) / Math.sqrt(labelWords.length));
    for (const tag of e.tags ?? []) for (const w of words(tag)) add(w, name, 1.5 * g);
  }
  // Icons without an emojibase entry (newer art) are still findable by their names.
  for (const name of icons.keys()) {
    if (entries.has(name) || skinVariants.has(name) || /-(light|dark|medium)(-light|-dark)?$/.test(name))
      continue;
    const label = name.replace(/-/g, ' ');
    entries.set(name, { name, label, group: 7, subgroup: -1 });
    if (!labels.has(label)) labels.set(label, name);
    const labelWords = words(label);
    for (const w of labelWords) add(w, name, 3 / Math.sqrt(labelWords.length));
  }

  cached = { icons, entries, terms, labels, buildMs: performance.now() - started };
  return cached;
}

/** True for creatures and people: things that already have a face or body of their own. */
export function isCreature(entry: IconEntry | undefined): boolean {
  if (!entry) return false;
  return entry.group === 0 || entry.group === 1 || (entry.group === 3 && entry.subgroup < 40);
}
