import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { removeBackground } from './remove-background';
import { type Pixels, providerStylePng, readPixels } from './test-fixtures';
import { sizeSvg, traceToSvg } from './trace';

const near = (actual: number[], expected: number[], tolerance: number) =>
  actual.slice(0, 3).every((v, i) => Math.abs(v - expected[i]) <= tolerance);

describe('traceToSvg', () => {
  let transparent: Buffer;
  let svg: string;
  let rendered: Pixels;

  beforeAll(async () => {
    transparent = await removeBackground(await providerStylePng());
    svg = await traceToSvg(transparent);
    rendered = await readPixels(await sharp(Buffer.from(svg)).png().toBuffer());
  }, 30_000);

  it('is a 1024 viewBox SVG made of filled paths', () => {
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('viewBox="0 0 1024 1024"');
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    const paths = svg.match(/<path /g) ?? [];
    expect(paths.length).toBeGreaterThan(5);
    expect(paths.length).toBeLessThan(2000);
    expect([rendered.width, rendered.height]).toEqual([1024, 1024]);
  });

  it('leaves the transparent background out and keeps the colours', () => {
    expect(rendered.at(0, 0)[3]).toBe(0);
    expect(rendered.at(1000, 1000)[3]).toBe(0);
    expect(rendered.at(100, 560)[3]).toBe(0);
    const body = rendered.at(512, 560);
    expect(body[3]).toBe(255);
    expect(near(body, [0xe8, 0x45, 0x3c], 24)).toBe(true);
    const eye = rendered.at(390, 440);
    expect(eye[3]).toBe(255);
    expect(near(eye, [255, 255, 255], 24)).toBe(true);
    expect(near(rendered.at(650, 200), [0x59, 0xb3, 0x5d], 24)).toBe(true);
  });

  it('traces the same on the calling thread as in the worker', async () => {
    expect(await traceToSvg(transparent, { inline: true })).toBe(svg);
  });
});

describe('sizeSvg', () => {
  it('sets width and height and keeps the viewBox', () => {
    const out = sizeSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1024 1024" width="1024" height="1024"><g/></svg>',
      256,
    );
    expect(out).toBe(
      '<svg width="256" height="256" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1024 1024"><g/></svg>',
    );
  });

  it('adds a viewBox from the old width and height when there was none', () => {
    const out = sizeSvg(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="800px" height=\'600\'><g/></svg>',
      128,
    );
    expect(out).toContain('viewBox="0 0 800 600"');
    expect(out).toContain('width="128" height="128"');
    expect(out).not.toContain('800px');
  });
});
