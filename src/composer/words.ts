// The only words the composer keeps by hand: words about the picture itself (style, medium)
// rather than its content, and words that ask for a cartoon face. Everything else (nouns,
// synonyms, plurals, broader words, colours, sizes, verbs of motion) comes from the index.

/** Words that describe the picture, not what is in it: never a subject. */
export const PICTURE_WORDS = new Set(
  `clipart clip art illustration image picture drawing vector sticker icon logo style styled design
  cartoon cartoony kawaii render rendering scene background version type kind sort concept theme
  comic pixel realistic abstract watercolor watercolour graphic emoji symbol thing something`.split(/\s+/),
);

/** Words asking for a character with a face: a thing that has none gets a cartoon face. */
export const FACE_WORDS = new Set(['character', 'mascot', 'face', 'smiling', 'smiley']);

/** Lower-case words of a prompt: letters, digits, apostrophes and inner hyphens only. */
export function tokenize(prompt: string): string[] {
  return (
    prompt
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      // "valentine’s day": a typographic apostrophe is an apostrophe.
      .replace(/[\u2018\u2019]/g, "'")
      // "love-struck", "love-sick": one feeling, not love and a blow.
      .replace(/\blove[\s-](struck|sick)\b/g, 'love$1')
      .replace(/[^a-z0-9'_\s-]+/g, ' ')
      // "a heart-shaped box", "a fire-breathing dragon": a word joined to "shaped" or to a verb in
      // -ing before a noun describes that noun; it is no second thing (and no subject).
      .replace(
        /\b[a-z]+-(shaped|[a-z]+ing)(?=\s+(?!(?:a|an|the|on|in|at|by|with|and|to|of|under|over)\b)[a-z])/g,
        '$1',
      )
      .split(/[\s-]+/)
      .map((w) => w.replace(/^'+|'+$/g, ''))
      .filter(Boolean)
  );
}
