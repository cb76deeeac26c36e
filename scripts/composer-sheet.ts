// Contact sheets of the composer's pictures, to look at:
//   npm run composer:sheet                 the relevance suite (default theme) -> .tmp/composer-sheet.png
//   npm run composer:sheet -- themes       the 10 sample prompts x 6 themes -> .tmp/composer-themes.png
//   npm run composer:sheet -- icons        suite prompts drawn with one-colour icons x 6 themes
//   npm run composer:sheet -- heldout [round]  a held-out round (1 to 33; default the latest), numbered,
//                                           in sheets of 40 -> .tmp/composer-heldout-r<round>-<part>.png
//   npm run composer:sheet -- dev          issue 34's examples (development set) -> .tmp/composer-dev.png
//   npm run composer:sheet -- variations   4 seeds of a few prompts -> .tmp/composer-variations.png
//   npm run composer:sheet -- <kind|theme> [seed]   one kind of the suite, or the suite in one theme
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { ComposerMiss, composeClipart, getLexicon, planPrompt } from '../src/composer';
import { HELDOUT_ROUNDS } from '../src/composer/heldout';
import { createRandom } from '../src/composer/random';
import { DEVELOPMENT_PROMPTS, RELEVANCE_CASES } from '../src/composer/relevance';
import { THEME_IDS, type ThemeId } from '../src/core/options';
import { SAMPLE_PROMPTS } from '../src/core/prompt';

const arg = process.argv[2] ?? 'suite';
const seed = arg === 'heldout' ? 1 : Number(process.argv[3] ?? 1);
const cell = 200;
const caption = 64;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const text = (s: string, x: number, y: number, size = 12, fill = '#222') =>
  `<text x="${x}" y="${y}" font-family="DejaVu Sans, sans-serif" font-size="${size}" fill="${fill}">${esc(s)}</text>`;

// A checkerboard behind each picture so transparency (and any stray background) is visible.
const checker = await sharp(
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${cell}" height="${cell}"><defs><pattern id="c" width="20" height="20" patternUnits="userSpaceOnUse"><rect width="20" height="20" fill="#f4f4f4"/><rect width="10" height="10" fill="#e4e4e4"/><rect x="10" y="10" width="10" height="10" fill="#e4e4e4"/></pattern></defs><rect width="${cell}" height="${cell}" fill="url(#c)"/></svg>`,
  ),
)
  .png()
  .toBuffer();

type Cell = { prompt: string; theme: ThemeId; note?: string; seed?: number };

async function sheet(cells: Cell[], columns: number, out: string) {
  const rows = Math.ceil(cells.length / columns);
  const width = columns * cell;
  const height = rows * (cell + caption);
  const layers: OverlayOptions[] = [];
  let labels = '';
  for (const [i, c] of cells.entries()) {
    const left = (i % columns) * cell;
    const top = Math.floor(i / columns) * (cell + caption);
    layers.push({ input: checker, left, top });
    let drew: string;
    try {
      const result = await composeClipart({ prompt: c.prompt, theme: c.theme, seed: c.seed ?? seed });
      layers.push({
        input: await sharp(result.png)
          .resize(cell - 8, cell - 8)
          .toBuffer(),
        left: left + 4,
        top: top + 4,
      });
      drew = `Drew: ${result.subjects.map((s) => s.label).join(' · ')}`;
    } catch (error) {
      if (!(error instanceof ComposerMiss)) throw error;
      drew = `MISS: ${error.words.join(', ')}`;
    }
    const title = c.note ? `${c.note}. ${c.prompt}` : c.prompt;
    labels += text(title.slice(0, 32), left + 4, top + cell + 15, 12);
    labels += text(title.slice(32, 64), left + 4, top + cell + 29, 12);
    const fill = drew.startsWith('MISS') ? '#b00020' : '#555';
    labels += text(drew.slice(0, 40), left + 4, top + cell + 44, 10, fill);
    labels += text(drew.slice(40, 80), left + 4, top + cell + 57, 10, fill);
  }
  layers.push({
    input: Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${labels}</svg>`,
    ),
    left: 0,
    top: 0,
  });
  mkdirSync(dirname(out), { recursive: true });
  await sharp({ create: { width, height, channels: 4, background: '#ffffff' } })
    .composite(layers)
    .png()
    .toFile(out);
  console.info(`wrote ${out}`);
}

if (arg === 'heldout') {
  // Numbered, so each by-eye verdict in docs/composer-heldout.md points at its cell; 40 to a sheet so
  // the captions stay readable when the sheet is looked at whole.
  const round = Number(process.argv[3] ?? HELDOUT_ROUNDS.length);
  const prompts = HELDOUT_ROUNDS[round - 1];
  if (!prompts) throw new Error(`no held-out round ${round} (there are ${HELDOUT_ROUNDS.length})`);
  for (let start = 0, part = 1; start < prompts.length; start += 40, part++) {
    await sheet(
      prompts
        .slice(start, start + 40)
        .map((c, i) => ({ prompt: c.prompt, theme: 'default', note: String(start + i + 1) })),
      8,
      `.tmp/composer-heldout-r${round}-${part}.png`,
    );
  }
} else if (arg === 'dev') {
  await sheet(
    DEVELOPMENT_PROMPTS.map((prompt) => ({ prompt, theme: 'default' })),
    8,
    '.tmp/composer-dev.png',
  );
} else if (arg === 'variations') {
  const prompts = [
    'a turtle swimming with a jellyfish',
    'a boy riding a horse',
    'a whale',
    'a cat on a table',
  ];
  const cells: Cell[] = prompts.flatMap((prompt) =>
    [1, 2, 3, 4].map((s) => ({ prompt, theme: 'default' as const, note: String(s), seed: s })),
  );
  await sheet(cells, 4, '.tmp/composer-variations.png');
} else if (arg === 'themes') {
  const cells = SAMPLE_PROMPTS.flatMap((prompt) => THEME_IDS.map((theme) => ({ prompt, theme })));
  await sheet(cells, THEME_IDS.length, '.tmp/composer-themes.png');
} else if (arg === 'icons') {
  // How one-colour icons (game-icons, mdi) sit in every theme: painted, shaded, outlined.
  const lexicon = getLexicon();
  const mono = RELEVANCE_CASES.filter((c) => {
    try {
      return lexicon.artById.get(planPrompt(c.prompt, createRandom(seed)).subjects[0].art)?.kind === 'mono';
    } catch {
      return false;
    }
  }).slice(0, 8);
  const cells = mono.flatMap((c) => THEME_IDS.map((theme) => ({ prompt: c.prompt, theme })));
  await sheet(cells, THEME_IDS.length, '.tmp/composer-icons.png');
} else if ((THEME_IDS as readonly string[]).includes(arg)) {
  await sheet(
    RELEVANCE_CASES.map((c) => ({ prompt: c.prompt, theme: arg as ThemeId })),
    10,
    `.tmp/composer-sheet-${arg}.png`,
  );
} else {
  const cases = arg === 'suite' ? RELEVANCE_CASES : RELEVANCE_CASES.filter((c) => c.kind === arg);
  await sheet(
    cases.map((c) => ({ prompt: c.prompt, theme: 'default' })),
    10,
    arg === 'suite' ? '.tmp/composer-sheet.png' : `.tmp/composer-sheet-${arg}.png`,
  );
}
