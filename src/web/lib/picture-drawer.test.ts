import { describe, expect, it } from 'vitest';
import type { AppMeta } from '../../core/api';
import { generatorCardLine, pictureDrawer } from './picture-drawer';

const meta = (provider: string, model: string): AppMeta => ({
  imageModel: { provider, model, label: model },
  payments: 'test',
  version: '1',
  devOutbox: true,
});

describe('what draws the pictures, as members read it', () => {
  it('names the built-in composer, never an AI model, where the composer draws', () => {
    const composer = meta('offline-composer', 'composer');
    expect(pictureDrawer(composer)).toBe("Clipsmith's built-in clipart composer");
    expect(generatorCardLine(composer)).toBe(
      "Create custom clipart with Clipsmith's built-in clipart composer.",
    );
  });

  it('keeps "using AI" where OpenAI draws, and names the model', () => {
    const openai = meta('openai', 'gpt-image-1');
    expect(pictureDrawer(openai)).toBe('OpenAI gpt-image-1');
    expect(generatorCardLine(openai)).toBe('Create custom clipart using AI.');
  });

  it('promises no drawer before the settings arrive', () => {
    expect(pictureDrawer(undefined)).toBeUndefined();
    expect(generatorCardLine(undefined)).toBe('Create custom clipart.');
  });
});
