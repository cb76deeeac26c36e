// The named colour palettes a custom style can pick. The built-in composer paints its bursts,
// washes and blocks from these (a random one per picture when none is chosen, the chosen one
// otherwise, recolouring the art too); the image-model prompt names the chosen one's colours.

export const PALETTE_IDS = ['sunset', 'bauhaus', 'candy', 'forest', 'retro', 'dusk'] as const;
export type PaletteId = (typeof PALETTE_IDS)[number];

export type Palette = {
  id: PaletteId;
  label: string;
  colors: readonly [string, string, string, string, string];
  /** Dark lines and marks drawn with the palette. */
  ink: string;
  /** The light ground some themes lay under the picture. */
  paper: string;
};

// One line a palette: id, label, five colours, ink, paper.
const palette = (id: PaletteId, label: string, colors: Palette['colors'], ink: string, paper: string) =>
  ({ id, label, colors, ink, paper }) satisfies Palette;

export const PALETTES: readonly Palette[] = [
  palette('sunset', 'Sunset', ['#ff6b6b', '#ffd93d', '#6bcB77', '#4d96ff', '#845ec2'], '#1d1a2f', '#fff8ef'),
  palette(
    'bauhaus',
    'Bauhaus',
    ['#e63946', '#f1c453', '#1d3557', '#457b9d', '#a8dadc'],
    '#14141f',
    '#f7f1e3',
  ),
  palette('candy', 'Candy', ['#ff8fab', '#ffc8dd', '#a2d2ff', '#bde0fe', '#cdb4db'], '#2b2140', '#fffafc'),
  palette('forest', 'Forest', ['#2d6a4f', '#95d5b2', '#ffb703', '#fb8500', '#8ecae6'], '#1b2620', '#f6f4ea'),
  palette('retro', 'Retro', ['#ef476f', '#ffd166', '#06d6a0', '#118ab2', '#073b4c'], '#102027', '#fffdf4'),
  palette('dusk', 'Dusk', ['#5e548e', '#9f86c0', '#e0b1cb', '#f7a072', '#ffd6a5'], '#231942', '#fbf7ff'),
];

export function findPalette(id: string | null | undefined): Palette | undefined {
  return PALETTES.find((palette) => palette.id === id);
}
