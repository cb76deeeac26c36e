// The spec's 10 sample prompt ideas (the generator panel offers them) and the themes, in the
// order the contact sheet and the benchmark use.
import type { ThemeId } from '../../ports';

export const SAMPLE_PROMPTS = [
  'cute cartoon animal',
  'robot assistant',
  'fantasy landscape',
  'superhero',
  'futuristic vehicle',
  'whimsical creature',
  'seasonal holiday scene',
  'underwater scene',
  'space exploration',
  'food character',
] as const;

export const THEMES: ThemeId[] = ['default', 'comic', 'realistic', 'abstract', 'watercolor', 'pixel'];
