// The embedded default image provider (no key, no network): a thin adapter around src/composer.
import { composeClipart } from '../../../composer';
import type { GeneratedImage, GenerateImageInput, ImageProvider } from '../ports';

export const OFFLINE_PROVIDER_NAME = 'offline-composer';
export const OFFLINE_MODEL = 'clipsmith-composer-1';

export function createOfflineComposer(): ImageProvider {
  return {
    name: OFFLINE_PROVIDER_NAME,
    model: OFFLINE_MODEL,
    async generateImage(input: GenerateImageInput): Promise<GeneratedImage> {
      input.signal?.throwIfAborted();
      // Match on what the person typed; the wrapped model prompt is full of clipart boilerplate.
      const { svg, png } = await composeClipart({
        prompt: input.userPrompt || input.prompt,
        theme: input.theme,
        seed: input.seed,
      });
      return { png, svg, provider: OFFLINE_PROVIDER_NAME, model: OFFLINE_MODEL };
    },
  };
}
