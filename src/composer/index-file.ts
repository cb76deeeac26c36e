// The composer's word and art index as it sits on disk. `npm run composer:index` (part of
// `npm run build`) writes it from the art packages, WordNet and emojibase; the composer only
// reads it. Tables are arrays of [key, value] pairs so that loading builds Maps: a prompt word
// such as "constructor" or "__proto__" must never reach an object's prototype.
import { fileURLToPath } from 'node:url';

/** Bump when the builder's output changes shape or meaning, so a stale cache is rebuilt. */
export const INDEX_FORMAT = 17;

export const INDEX_DIR = fileURLToPath(new URL('../../dist/composer', import.meta.url));
export const INDEX_FILE = 'index.json';
export const ART_FILE = 'art.txt';

export type ArtKind = 'color' | 'mono';

/** One picture the composer can draw, e.g. `game-icons:lighthouse`. */
export type ArtRecord = {
  /** "<set>:<icon>" exactly as named in its @iconify-json package. */
  id: string;
  /** The art's own name in its set (emoji: the CLDR label; icons: the icon name in words). */
  label: string;
  kind: ArtKind;
  width: number;
  height: number;
  /** Byte range of the SVG body in the art file. */
  body: [offset: number, length: number];
  /** Mono art: byte range of its outer outline (the shape with its holes filled), for a second colour. */
  plate?: [offset: number, length: number];
  /** Has a face or body of its own (people, animals): no cartoon face is added. */
  creature: boolean;
  /** A person (the art people words prefer). */
  person: boolean;
  /** An emoji of a food or drink (gets a face in "food character" prompts). */
  food: boolean;
  /** One-colour art: its thing's colour in nature, from WordNet's definition ("pumpkin": orange). */
  colour?: string;
  /** An emoji of the symbols group (a sign, an arrow, a mark): "water" names it only as a sign. */
  sign?: true;
  /** An icon named by a broad word that shows one kind of it (Material Design's headset is the
   * headphones kind): drawn for the word, never for a kind a longer name says. */
  oneKind?: true;
};

/**
 * How a noun reaches its art: its own name, an emoji keyword, a WordNet synonym, a broader word
 * (hypernym: "collie" -> dog), for a broad word one of its kinds (hyponym: "animal" -> fox), or
 * one word of an icon's longer name (part: "nurse" in nurse-female).
 */
export type MatchKind = 'name' | 'keyword' | 'synonym' | 'hypernym' | 'kind' | 'part';

export type WordEntry = {
  how: MatchKind;
  /** Indexes into `arts`: one to draw, or several to choose from by seed (`kind`, broad keywords). */
  arts: number[];
  /** The word the match went through (synonym, hypernym), for the report. */
  via?: string;
  /** The word's main sense is a made thing (WordNet's noun.artifact). */
  made?: true;
  /** The word's main sense is a thing of nature (WordNet's noun.object or noun.plant: the moon, a
   * rock, a hill, a tree). */
  natural?: true;
  /** The word's main sense is a person (WordNet's noun.person: a nurse, a son, a grandpa). */
  person?: true;
  /** A made thing the word also names, with art of its own ("mouse": the computer mouse). */
  madeSense?: number;
};

export type MotionKind = 'run' | 'fly' | 'swim' | 'jump';

export type SceneId =
  | 'landscape'
  | 'underwater'
  | 'space'
  | 'winter'
  | 'halloween'
  | 'city'
  | 'forest'
  | 'beach'
  | 'night'
  | 'autumn'
  | 'spring';

export type ArtSetInfo = {
  prefix: string;
  name: string;
  version: string;
  licence: string;
  author: string;
  kind: ArtKind;
  count: number;
};

export type IndexFile = {
  format: number;
  /** Package versions and format the index was built from; a different one means rebuild. */
  fingerprint: string;
  sets: ArtSetInfo[];
  arts: ArtRecord[];
  /** Noun (or phrase) -> how it is drawn. */
  words: [string, WordEntry][];
  /** Every noun WordNet knows, drawable or not, to tell "unknown word" from "known, no art". */
  nouns: string[];
  /** Verb lemmas (to read "running" as run) and those that move (verb.motion) with their kind. */
  verbs: string[];
  /** Adjectives WordNet knows, to tell "cute" from an unknown noun when the tagger is unsure. */
  adjectives: string[];
  /** Nouns that name an amount or a container in "a cup of coffee": the thing is after "of". */
  partitives: string[];
  /** Those of them that hold the thing ("a basket of strawberries"): a container first. */
  containers: string[];
  /** Nouns of a time or an occasion ("day", "new year's eve"): they set a scene, never a picture. */
  times: string[];
  /** Parts of a body ("hand", "nose"): a creature's own, not a second picture. */
  bodyParts: string[];
  /** An animal's young ("foal", "cub", "lamb"): beside an animal, a small one of it. */
  young: string[];
  /** An animal's name that also names a food -> that food's art ("dog": a frankfurter, the hot dog). */
  foodSenses: [string, number][];
  /** A food -> the emoji of a slice of it ("cake": the shortcake), for "a piece of cake". */
  slices: [string, number][];
  /** People with no art of their own ("gardener"): a person holding what the prompt gives them. */
  people: string[];
  /** A person of no art -> the art of the thing their name comes from ("drummer" -> drum). */
  tools: [string, number][];
  /** Emoji of a thing people ride or drive (a conveyance): a "bus driver" rides the bus. */
  ridden: number[];
  /** Nouns of an act, event or state ("exploration", "kick"), with art or without. */
  acts: string[];
  /** Feeling or state word -> the faces that show it ("sleeping" -> sleeping face), best first. */
  faces: [string, number[]][];
  motion: [string, MotionKind][];
  /** Colour adjective -> hex (CSS colour names). */
  colours: [string, string][];
  /** Size adjective -> scale (WordNet's clusters around small and large). */
  sizes: [string, number][];
  /** Word -> scene backdrop. */
  scenes: [string, SceneId][];
};
