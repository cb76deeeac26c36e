import type { AppMeta } from '../../core/api';

// Apart from meta.ts (on every page): only /create and the style form say it.
/**
 * What draws the pictures in this installation, in words a member reads ("Drawn by …"): the
 * built-in composer draws with open art, not an AI model, so the copy must not promise one.
 */
export function pictureDrawer(meta: AppMeta | undefined): string | undefined {
  if (!meta) return undefined;
  const { provider, model } = meta.imageModel;
  if (provider === 'offline-composer') return "Clipsmith's built-in clipart composer";
  if (provider === 'openai') return `OpenAI ${model}`;
  return model || provider;
}
