import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { composeClipart } from '../../../composer';
import { analyseClipart, createAnalysisCheck } from './analysis';

const svgPng = (body: string, size = 1024) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${body}</svg>`))
    .png()
    .toBuffer();

describe('image analysis check', () => {
  it('says NO to a blank image', async () => {
    const result = await analyseClipart(await svgPng(''));
    expect(result).toMatchObject({ ok: false, background: 'transparent' });
    expect(result.reason).toMatch(/blank/);
    const white = await analyseClipart(await svgPng('<rect width="1024" height="1024" fill="#fff"/>'));
    expect(white).toMatchObject({ ok: false, background: 'uniform' });
  });

  it('says NO to a subject cut off at the edge', async () => {
    const result = await analyseClipart(await svgPng('<circle cx="980" cy="512" r="400" fill="#e63946"/>'));
    expect(result).toMatchObject({ ok: false, clipped: true });
    expect(result.reason).toMatch(/cut off/);
  });

  it('says NO to a full-bleed photo-like noise image', async () => {
    const noise = Buffer.alloc(1024 * 1024 * 3);
    let s = 12345;
    for (let i = 0; i < noise.length; i++) {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      noise[i] = s >>> 24;
    }
    const png = await sharp(noise, { raw: { width: 1024, height: 1024, channels: 3 } })
      .png()
      .toBuffer();
    const result = await analyseClipart(png);
    expect(result).toMatchObject({ ok: false, background: 'busy' });
  });

  it('says NO to the wrong size and to a tiny subject', async () => {
    expect((await analyseClipart(await svgPng('<circle cx="256" cy="256" r="120"/>', 512))).reason).toMatch(
      /1024/,
    );
    expect((await analyseClipart(await svgPng('<circle cx="512" cy="512" r="60"/>'))).reason).toMatch(
      /too small/,
    );
  });

  it('says YES to a centred subject on a uniform background', async () => {
    const result = await analyseClipart(
      await svgPng(
        '<rect width="1024" height="1024" fill="#fff"/><circle cx="512" cy="512" r="300" fill="#2a9d8f"/>',
      ),
    );
    expect(result).toMatchObject({ ok: true, background: 'uniform', clipped: false });
  });

  it('says YES to composer output, through the ImageCheck port', async () => {
    const check = createAnalysisCheck();
    expect(check.name).toBe('image-analysis');
    const { png } = await composeClipart({ prompt: 'cute cartoon animal', theme: 'default', seed: 1 });
    const result = await check.check({ png, prompt: 'cute cartoon animal' });
    expect(result.ok).toBe(true);
    expect(result.reason).toMatch(/^YES/);
  });
});
