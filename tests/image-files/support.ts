// Pictures for the download tests: a row and its stored original, as a finished generation leaves them.

import { generatedImages } from '../../src/server/db/schema';
import { imageKeys } from '../../src/server/storage/storage';
import type { TestApp } from '../helpers/app';

export async function addPicture(
  t: TestApp,
  input: { userId: string; png: Buffer; id?: string; privacy?: 'public' | 'private'; createdAt?: Date },
): Promise<string> {
  const [row] = await t.deps.database.db
    .insert(generatedImages)
    .values({
      id: input.id,
      userId: input.userId,
      prompt: 'a blue ring',
      finalPrompt: 'a blue ring, clipart',
      theme: 'default',
      quality: 'low',
      privacy: input.privacy ?? 'public',
      provider: 'fake',
      model: 'fake-1',
      width: 1024,
      height: 1024,
      createdAt: input.createdAt,
    })
    .returning({ id: generatedImages.id });
  await t.deps.storage.put(imageKeys.original(row.id), input.png, 'image/png');
  return row.id;
}
