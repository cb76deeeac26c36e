// The composer's index in memory: every table is a Map or Set (prompt words never reach an
// object's prototype). Art bodies stay on disk and are read when a picture needs them.
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import path from 'node:path';
import {
  ART_FILE,
  type ArtRecord,
  type ArtSetInfo,
  INDEX_DIR,
  INDEX_FILE,
  type MotionKind,
  type SceneId,
  type WordEntry,
} from './index-file';

export type Lexicon = {
  sets: ArtSetInfo[];
  arts: ArtRecord[];
  artById: Map<string, ArtRecord>;
  words: Map<string, WordEntry>;
  nouns: Set<string>;
  verbs: Set<string>;
  adjectives: Set<string>;
  partitives: Set<string>;
  containers: Set<string>;
  times: Set<string>;
  bodyParts: Set<string>;
  young: Set<string>;
  foodSenses: Map<string, number>;
  slices: Map<string, number>;
  acts: Set<string>;
  people: Set<string>;
  /** A person of no art -> the art of the thing their name comes from ("drummer" -> drum). */
  tools: Map<string, number>;
  /** Emoji of a thing people ride or drive, by art id. */
  ridden: Set<string>;
  faces: Map<string, number[]>;
  motion: Map<string, MotionKind>;
  colours: Map<string, string>;
  sizes: Map<string, number>;
  scenes: Map<string, SceneId>;
  /** Milliseconds it took to read the index. */
  loadMs: number;
  /** The SVG body of an art (and its outer outline, for one-colour art). */
  body(art: ArtRecord): string;
  plate(art: ArtRecord): string | null;
};

export class ComposerIndexMissing extends Error {
  constructor(dir: string, cause?: unknown) {
    super(
      `The clipart composer's word and art index is missing in ${dir}: run \`npm run build\` (or \`npm run composer:index\`) first.`,
      { cause },
    );
    this.name = 'ComposerIndexMissing';
  }
}

let loaded: Lexicon | undefined;
let indexDir = INDEX_DIR;

/** Points the composer at another index folder (tests); drops the loaded one. */
export function useIndexDir(dir: string): void {
  indexDir = dir;
  loaded = undefined;
}

export function getLexicon(): Lexicon {
  if (loaded) return loaded;
  const started = performance.now();
  let raw: string;
  try {
    raw = readFileSync(path.join(indexDir, INDEX_FILE), 'utf8');
  } catch (error) {
    throw new ComposerIndexMissing(indexDir, error);
  }
  const file = JSON.parse(raw) as import('./index-file').IndexFile;
  const artPath = path.join(indexDir, ART_FILE);
  const bodies = new Map<string, string>();
  const read = ([offset, length]: [number, number]): string => {
    const key = `${offset}:${length}`;
    const hit = bodies.get(key);
    if (hit !== undefined) return hit;
    const buffer = Buffer.alloc(length);
    const fd = openSync(artPath, 'r');
    try {
      readSync(fd, buffer, 0, length, offset);
    } finally {
      closeSync(fd);
    }
    const text = buffer.toString('utf8');
    bodies.set(key, text);
    return text;
  };
  loaded = {
    sets: file.sets,
    arts: file.arts,
    artById: new Map(file.arts.map((a) => [a.id, a])),
    words: new Map(file.words),
    nouns: new Set(file.nouns),
    verbs: new Set(file.verbs),
    adjectives: new Set(file.adjectives),
    partitives: new Set(file.partitives),
    containers: new Set(file.containers),
    times: new Set(file.times),
    bodyParts: new Set(file.bodyParts),
    young: new Set(file.young),
    foodSenses: new Map(file.foodSenses),
    slices: new Map(file.slices),
    acts: new Set(file.acts),
    people: new Set(file.people),
    tools: new Map(file.tools),
    ridden: new Set(file.ridden.map((art) => file.arts[art].id)),
    faces: new Map(file.faces),
    motion: new Map(file.motion),
    colours: new Map(file.colours),
    sizes: new Map(file.sizes),
    scenes: new Map(file.scenes),
    loadMs: 0,
    body: (art) => read(art.body),
    plate: (art) => (art.plate ? read(art.plate) : null),
  };
  loaded.loadMs = performance.now() - started;
  return loaded;
}
