// The one source of what members may do with their pictures and what the built-in composer's art
// asks in return. The FAQ, About, Terms, the download menu, the share page and each composer SVG's
// <desc> all read it, so the licence story is told the same everywhere.

/** An open art set the built-in composer draws with (its prefix is the art id's: `game-icons:lighthouse`). */
export type ArtSet = {
  prefix: string;
  name: string;
  /** The credit line, as the licence asks for it. */
  credit: string;
  licence: string;
  licenceUrl: string;
  /** The licence asks for a credit wherever the picture is used (CC BY); MIT and Apache art does not. */
  attributionRequired: boolean;
};

export const ART_SETS: readonly ArtSet[] = [
  {
    prefix: 'fluent-emoji-flat',
    name: 'Fluent Emoji (flat)',
    credit: 'Fluent Emoji by Microsoft, MIT licence',
    licence: 'MIT',
    licenceUrl: 'https://github.com/microsoft/fluentui-emoji/blob/main/LICENSE',
    attributionRequired: false,
  },
  {
    prefix: 'game-icons',
    name: 'Game Icons',
    credit: 'Game Icons by Lorc, Delapouite and contributors (game-icons.net), CC BY 3.0',
    licence: 'CC BY 3.0',
    licenceUrl: 'https://creativecommons.org/licenses/by/3.0/',
    attributionRequired: true,
  },
  {
    prefix: 'mdi',
    name: 'Material Design Icons',
    credit: 'Material Design Icons by Pictogrammers, Apache 2.0 licence',
    licence: 'Apache 2.0',
    licenceUrl: 'https://github.com/Templarian/MaterialDesign/blob/master/LICENSE',
    attributionRequired: false,
  },
];

export function findArtSet(prefix: string): ArtSet | undefined {
  return ART_SETS.find((set) => set.prefix === prefix);
}

/** The sets of these art ids (`game-icons:lighthouse` → `game-icons`), each once. */
export function artSetPrefixes(artIds: readonly string[]): string[] {
  return [...new Set(artIds.map((id) => id.split(':')[0]))];
}

/**
 * The credit a picture drawn with these sets must carry, or null when none asks for one (and for
 * pictures an outside provider drew, which use no art of ours).
 */
export function requiredAttribution(setPrefixes: readonly string[] | undefined): string | null {
  const credits = ART_SETS.filter((set) => set.attributionRequired && setPrefixes?.includes(set.prefix)).map(
    (set) => set.credit,
  );
  return credits.length > 0 ? credits.join('; ') : null;
}

const CC_BY_CREDITS = ART_SETS.filter((set) => set.attributionRequired)
  .map((set) => `\u201c${set.credit}\u201d`)
  .join(' or ');

/** What members may do with their pictures: the FAQ's answer and the Terms' licence paragraph. */
export const PICTURE_LICENCE = {
  question: 'Can I use my clipart commercially?',
  answer: `Yes, on every plan, including Free: pictures you make are yours to use in personal and commercial projects, as long as your prompt does not copy someone else\u2019s trademark, character or artwork. One condition comes from the open art the built-in composer draws with: a picture that uses Game Icons art is licensed CC BY 3.0, so wherever you use it, credit ${CC_BY_CREDITS}. The download menu shows that line when a picture needs it, and the picture\u2019s SVG carries it. The other art sets ask for no credit.`,
  terms:
    'The pictures you generate are yours to use in personal and commercial projects: stickers, slides, social posts, blogs, products and print. A picture the built-in composer drew with Game Icons art is licensed CC BY 3.0 and must be credited where you use it; the download menu names the credit line, and the picture\u2019s SVG carries it.',
} as const;
