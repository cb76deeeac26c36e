// The embedded default image provider (no key, no network): a thin adapter around src/composer.
import { ComposerMiss, composeClipart, getLexicon } from '../../../composer';
import { MESSAGES } from '../../../core/messages';
import { type GeneratedImage, type GenerateImageInput, type ImageProvider, ProviderError } from '../ports';

export const OFFLINE_PROVIDER_NAME = 'offline-composer';
export const OFFLINE_MODEL = 'clipsmith-composer-1';
/** For the operator's log when the composer has no art: members are told what to type instead. */
export const COMPOSER_MISS_OPERATOR_NOTE =
  'The built-in composer has no art for these words. Set OPENAI_API_KEY (an AI image provider) to draw any subject.';

export function createOfflineComposer(): ImageProvider {
  return {
    name: OFFLINE_PROVIDER_NAME,
    model: OFFLINE_MODEL,
    async generateImage(input: GenerateImageInput): Promise<GeneratedImage> {
      input.signal?.throwIfAborted();
      try {
        // Match on what the person typed; the wrapped model prompt is full of clipart boilerplate.
        const { svg, png, subjects, artSets } = await composeClipart({
          prompt: input.userPrompt || input.prompt,
          theme: input.theme,
          palette: input.palette,
          artDirection: input.artDirection,
          seed: input.seed,
        });
        return { png, svg, subjects, artSets, provider: OFFLINE_PROVIDER_NAME, model: OFFLINE_MODEL };
      } catch (error) {
        // No art for the subject: the job fails (and is refunded) rather than drawing something else.
        if (error instanceof ComposerMiss)
          throw new ProviderError({
            code: 'declined',
            userMessage: MESSAGES.composerMiss(error.words),
            cause: error,
            operatorNote: `${COMPOSER_MISS_OPERATOR_NOTE} Words: ${error.words.join(', ')}.`,
          });
        throw error;
      }
    },
  };
}

/** Reads the composer's index now (start-up), so the first picture does not wait for it. Returns ms. */
export function warmOfflineComposer(): number {
  return getLexicon().loadMs;
}
