// Image rows for gallery tests, inserted directly: these tests are about listing, not generating.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { generatedImages } from '../../src/server/db/schema';
import { imageKeys } from '../../src/server/storage/storage';
import type { TestApp } from '../helpers/app';

export type ImageSeed = {
  prompt?: string;
  privacy?: 'public' | 'private';
  quality?: 'low' | 'high';
  /** Defaults to what generation records: a private image starts paid for. */
  privacyPaid?: boolean;
  createdAt?: Date;
};

export async function insertImage(app: TestApp, userId: string, seed: ImageSeed = {}) {
  const id = randomUUID();
  const prompt = seed.prompt ?? `picture ${id.slice(0, 8)}`;
  const [row] = await app.deps.database.db
    .insert(generatedImages)
    .values({
      id,
      userId,
      prompt,
      finalPrompt: `clipart of ${prompt}`,
      theme: 'default',
      quality: seed.quality ?? 'low',
      privacy: seed.privacy ?? 'public',
      privacyPaid: seed.privacyPaid ?? seed.privacy === 'private',
      provider: 'test',
      model: 'test',
      width: 1024,
      height: 1024,
      ...(seed.createdAt ? { createdAt: seed.createdAt } : {}),
    })
    .returning();
  return row;
}

/** Puts an original and a thumbnail in storage, as the pipeline would. */
export async function storeFiles(app: TestApp, imageId: string) {
  const png = await sharp({
    create: { width: 8, height: 8, channels: 4, background: { r: 200, g: 80, b: 40, alpha: 1 } },
  })
    .png()
    .toBuffer();
  await app.deps.storage.put(imageKeys.original(imageId), png, 'image/png');
  await app.deps.storage.put(imageKeys.thumb(imageId), await sharp(png).webp().toBuffer(), 'image/webp');
}
