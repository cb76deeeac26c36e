// Prompt -> what to draw: a main subject, up to two accents, an optional scene and a face flag.
import { getCatalog, isCreature } from './catalog';
import type { Random } from './random';
import {
  SCENE_ACCENTS,
  SCENE_SUBJECTS,
  SCENE_WORDS,
  type SceneId,
  SOFT_SCENE_WORDS,
  seasonFor,
} from './scenes';
import {
  CATEGORIES,
  FACE_WORDS,
  STOP_WORDS,
  STRONG_FACE_WORDS,
  SYNONYMS,
  stemVariants,
  tokenize,
} from './words';

export type Plan = {
  /** Icon name of the main subject, or null when nothing matched (the badge fallback). */
  subject: string | null;
  /** Icons the prompt itself named besides the subject. */
  namedAccents: string[];
  /** Icons that suit the scene, for filling in when the prompt named fewer than two accents. */
  sceneAccents: string[];
  scene: SceneId | null;
  face: boolean;
  words: string[];
};

type Hit = { icon: string; score: number; position: number };

/** Best catalog icon for a word (or its stems), with a score on the same scale as synonyms. */
export function lookupWord(word: string): Hit | null {
  const catalog = getCatalog();
  let best: { icon: string; weight: number } | null = null;
  for (const stem of stemVariants(word)) {
    const synonym = SYNONYMS[stem];
    if (synonym?.startsWith('=')) return { icon: synonym.slice(1), score: 9, position: 0 };
    if (stem.length < 3) continue;
    // A word that is an emoji's whole name ("robot") is as sure as a hand-written synonym.
    const named = catalog.labels.get(stem);
    if (named && catalog.icons.has(named)) return { icon: named, score: 9, position: 0 };
    const bucket = catalog.terms.get(stem);
    if (!bucket) continue;
    for (const [icon, weight] of bucket) {
      // Ties go to the shorter label, then the name: deterministic and usually the plainest art.
      if (
        !best ||
        weight > best.weight ||
        (weight === best.weight &&
          (catalog.entries.get(icon)?.label.length ?? 99) <
            (catalog.entries.get(best.icon)?.label.length ?? 99)) ||
        (weight === best.weight &&
          catalog.entries.get(icon)?.label.length === catalog.entries.get(best.icon)?.label.length &&
          icon < best.icon)
      ) {
        best = { icon, weight };
      }
    }
  }
  if (!best || best.weight < 1.2) return null;
  return { icon: best.icon, score: 3 + best.weight, position: 0 };
}

function categoryOf(word: string): string[] | null {
  for (const stem of stemVariants(word)) {
    const members = CATEGORIES[stem];
    if (members) return members;
  }
  return null;
}

export function planPrompt(prompt: string, rng: Random): Plan {
  const catalog = getCatalog();
  const words = tokenize(prompt);
  const hits: Hit[] = [];
  const categories: string[][] = [];
  let scene: SceneId | null = null;
  let softScene = false;

  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (!scene && SCENE_WORDS[word]) {
      scene = SCENE_WORDS[word];
      softScene = SOFT_SCENE_WORDS.has(word);
    }
    // Phrases first: "rocket ship", "hot dog", "christmas tree".
    let consumed = 0;
    for (const len of [3, 2]) {
      if (i + len > words.length) continue;
      const phrase = words.slice(i, i + len).join(' ');
      const synonym = SYNONYMS[phrase];
      const icon = synonym?.startsWith('=') ? synonym.slice(1) : catalog.labels.get(phrase);
      if (icon && catalog.icons.has(icon)) {
        hits.push({ icon, score: 9.5, position: i });
        consumed = len;
        break;
      }
    }
    if (consumed > 0) {
      i += consumed - 1;
      continue;
    }
    if (STOP_WORDS.has(word) || /^\d+$/.test(word)) continue;
    const synonym = stemVariants(word)
      .map((s) => SYNONYMS[s])
      .find((s) => s?.startsWith('='));
    if (synonym && catalog.icons.has(synonym.slice(1))) {
      hits.push({ icon: synonym.slice(1), score: 9, position: i });
      continue;
    }
    // The word is an emoji's whole name ("robot"): a named thing, even if it also names a category.
    const named = catalog.labels.get(word);
    if (named && catalog.icons.has(named)) {
      hits.push({ icon: named, score: 9, position: i });
      continue;
    }
    const members = categoryOf(word);
    if (members) {
      const usable = members.filter((m) => catalog.icons.has(m));
      if (usable.length > 0) categories.push(usable);
      continue;
    }
    if (SCENE_WORDS[word]) continue;
    const hit = lookupWord(word);
    if (hit && catalog.icons.has(hit.icon)) hits.push({ ...hit, position: i });
  }

  // The subject: the first strong named thing; otherwise the category member most words agree on.
  let subject: string | null = null;
  const maxScore = Math.max(0, ...hits.map((h) => h.score));
  const strong = hits.find((h) => h.score >= maxScore * 0.8);
  const categoryPick = pickFromCategories(categories, rng);
  if (strong && (strong.score >= 7 || !categoryPick)) subject = strong.icon;
  else if (categoryPick) subject = categoryPick;
  else if (strong) subject = strong.icon;
  if (!subject && scene) subject = rng.pick(SCENE_SUBJECTS[scene]);

  if (subject && scene && softScene) scene = seasonFor(subject);

  const namedAccents: string[] = [];
  for (const h of hits) {
    if (h.icon !== subject && !namedAccents.includes(h.icon) && namedAccents.length < 2)
      namedAccents.push(h.icon);
  }
  // A broad word the subject did not come from ("a dog in a fantasy castle") still adds an accent.
  if (
    namedAccents.length < 2 &&
    categoryPick &&
    categoryPick !== subject &&
    !namedAccents.includes(categoryPick)
  ) {
    namedAccents.push(categoryPick);
  }
  const sceneAccents = scene
    ? rng.shuffle(SCENE_ACCENTS[scene]).filter((a) => a !== subject && catalog.icons.has(a))
    : [];

  const entry = subject ? catalog.entries.get(subject) : undefined;
  const strongFace = words.some((w) => STRONG_FACE_WORDS.has(w));
  const weakFace = words.some((w) => FACE_WORDS.has(w));
  const face = !!subject && !isCreature(entry) && (strongFace || (weakFace && entry?.group === 4));

  return { subject, namedAccents, sceneAccents: [...new Set(sceneAccents)], scene, face, words };
}

function pickFromCategories(categories: string[][], rng: Random): string | null {
  if (categories.length === 0) return null;
  const votes = new Map<string, number>();
  for (const members of categories) for (const m of new Set(members)) votes.set(m, (votes.get(m) ?? 0) + 1);
  const top = Math.max(...votes.values());
  // Keep category order so the seed, not Map internals, decides.
  const best = categories.flat().filter((m, i, all) => votes.get(m) === top && all.indexOf(m) === i);
  return rng.pick(best);
}
