import type { AppMeta } from '../../core/api';

// Apart from meta.ts (on every page): only /create, the dashboard's generator card and the style form say it.
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

/**
 * The dashboard generator card's line: the spec's "using AI" where an AI model draws, and the
 * built-in composer by name where it does.
 */
export function generatorCardLine(meta: AppMeta | undefined): string {
  if (!meta) return 'Create custom clipart.';
  if (meta.imageModel.provider === 'openai') return 'Create custom clipart using AI.';
  return `Create custom clipart with ${pictureDrawer(meta)}.`;
}
