// Renders the 10 sample prompts x 6 themes into one contact sheet PNG to look at:
//   node --import tsx scripts/composer-sheet.ts [out.png] [seed]
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { composeClipart } from '../src/composer';
import { THEME_IDS as THEMES } from '../src/core/options';
import { SAMPLE_PROMPTS } from '../src/core/prompt';

const out = process.argv[2] ?? '.tmp/composer-sheet.png';
const seed = Number(process.argv[3] ?? 1);
const cell = 220;
const label = 150;
const head = 36;
const width = label + THEMES.length * cell;
const height = head + SAMPLE_PROMPTS.length * cell;

// A checkerboard behind each picture so transparency (and any stray background) is visible.
const checker = await sharp(
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${cell}" height="${cell}"><defs><pattern id="c" width="20" height="20" patternUnits="userSpaceOnUse"><rect width="20" height="20" fill="#f4f4f4"/><rect width="10" height="10" fill="#e4e4e4"/><rect x="10" y="10" width="10" height="10" fill="#e4e4e4"/></pattern></defs><rect width="${cell}" height="${cell}" fill="url(#c)"/></svg>`,
  ),
)
  .png()
  .toBuffer();

const text = (s: string, x: number, y: number, size = 14) =>
  `<text x="${x}" y="${y}" font-family="DejaVu Sans, sans-serif" font-size="${size}" fill="#222">${s.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</text>`;
let labels = '';
THEMES.forEach((theme, i) => {
  labels += text(theme, label + i * cell + 8, 24, 16);
});

const layers: OverlayOptions[] = [];
for (const [row, prompt] of SAMPLE_PROMPTS.entries()) {
  for (const [col, theme] of THEMES.entries()) {
    const result = await composeClipart({ prompt, theme, seed });
    const left = label + col * cell;
    const top = head + row * cell;
    layers.push({ input: checker, left, top });
    layers.push({
      input: await sharp(result.png)
        .resize(cell - 8, cell - 8)
        .toBuffer(),
      left: left + 4,
      top: top + 4,
    });
    if (col === 0) {
      labels += text(prompt, 6, top + 24, 13);
      labels += text(`→ ${result.subject}`, 6, top + 44, 11);
      if (result.scene) labels += text(`scene: ${result.scene}`, 6, top + 60, 11);
      if (result.accents.length)
        labels += text(`+ ${result.accents.join(', ')}`.slice(0, 26), 6, top + 76, 10);
    }
  }
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
