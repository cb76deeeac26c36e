import sharp from 'sharp';

// Sample pictures for the variant tests and the benchmark (not used by the app).

/**
 * Provider-style clipart: a subject with an outline on a plain white background, a white eye inside it
 * (an interior white that must survive background removal) and some thin detail.
 */
export function providerStyleSvg(size = 1024, background = '#ffffff'): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 1024 1024">
  <rect width="1024" height="1024" fill="${background}"/>
  <ellipse cx="512" cy="560" rx="300" ry="280" fill="#e8453c" stroke="#3a1f1d" stroke-width="14"/>
  <circle cx="420" cy="470" r="70" fill="#ffffff" stroke="#3a1f1d" stroke-width="8"/>
  <circle cx="604" cy="470" r="70" fill="#ffffff" stroke="#3a1f1d" stroke-width="8"/>
  <circle cx="435" cy="485" r="28" fill="#1d1d1d"/>
  <circle cx="619" cy="485" r="28" fill="#1d1d1d"/>
  <path d="M400 640 Q512 740 624 640" fill="none" stroke="#3a1f1d" stroke-width="16" stroke-linecap="round"/>
  <path d="M512 280 C520 200 580 170 640 190" fill="none" stroke="#2f7d32" stroke-width="18" stroke-linecap="round"/>
  <ellipse cx="650" cy="200" rx="60" ry="30" fill="#59b35d" stroke="#2f7d32" stroke-width="6"/>
  <circle cx="330" cy="600" r="22" fill="#f7b3ad"/>
  <circle cx="694" cy="600" r="22" fill="#f7b3ad"/>
</svg>`;
}

/** Provider-style picture as an opaque PNG (no alpha channel), as an image API returns it. */
export function providerStylePng(size = 1024, background = '#ffffff'): Promise<Buffer> {
  return sharp(Buffer.from(providerStyleSvg(size, background)))
    .flatten({ background })
    .png()
    .toBuffer();
}

/** Composer-style picture: the same subject, already on a transparent background, and its vector. */
export function composerStyleSvg(): string {
  return providerStyleSvg().replace(/<rect [^>]*\/>/, '');
}

export function composerStylePng(size = 1024): Promise<Buffer> {
  return sharp(Buffer.from(composerStyleSvg()), { density: (72 * size) / 1024 })
    .resize(size, size)
    .png()
    .toBuffer();
}

/** Photo-like picture: coloured noise over a gradient, no plain background anywhere. */
export async function photoLikePng(size = 1024): Promise<Buffer> {
  const gradient = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#3b6ea8"/><stop offset="0.5" stop-color="#d9a441"/><stop offset="1" stop-color="#2e7d4f"/>
  </linearGradient></defs>
  <rect width="${size}" height="${size}" fill="url(#g)"/>
</svg>`);
  const noise = await sharp({
    create: {
      width: size,
      height: size,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  return sharp(gradient)
    .composite([{ input: noise, blend: 'overlay' }])
    .flatten({ background: '#000000' })
    .png()
    .toBuffer();
}

export interface Pixels {
  width: number;
  height: number;
  /** [r, g, b, a] at (x, y). */
  at(x: number, y: number): [number, number, number, number];
}

/** Decodes any picture sharp reads (SVG included) into RGBA for pixel assertions. */
export async function readPixels(image: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    at(x, y) {
      const p = (y * info.width + x) * 4;
      return [data[p], data[p + 1], data[p + 2], data[p + 3]];
    },
  };
}

/** Mid-tone flat colour on white, no outline: its anti-aliased edge blends straight into the background. */
export function plainShapeSvg(shape: string, size = 1024): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="#ffffff"/>${shape}</svg>`;
}

export function svgToPng(svg: string, flattenOn = '#ffffff'): Promise<Buffer> {
  return sharp(Buffer.from(svg)).flatten({ background: flattenOn }).png().toBuffer();
}
