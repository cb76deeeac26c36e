// Each option's ids are listed once; the types come from the lists.
export const THEME_IDS = ['default', 'comic', 'realistic', 'abstract', 'watercolor', 'pixel'] as const;
export type ThemeId = (typeof THEME_IDS)[number];
export const QUALITY_IDS = ['low', 'high'] as const;
export type Quality = (typeof QUALITY_IDS)[number];
export const PRIVACY_IDS = ['public', 'private'] as const;
export type Privacy = (typeof PRIVACY_IDS)[number];

export type Theme = { id: ThemeId; label: string; premium: boolean; description: string };
export type QualityOption = { id: Quality; label: string; premium: boolean; description: string };
export type PrivacyOption = { id: Privacy; label: string; premium: boolean; description: string };

export const THEMES: readonly Theme[] = [
  { id: 'default', label: 'Default Style', premium: false, description: 'Clean, friendly clipart' },
  { id: 'comic', label: 'Comic Book', premium: true, description: 'Bold ink outlines and punchy colours' },
  { id: 'realistic', label: 'Realistic', premium: true, description: 'Detailed shading and lifelike forms' },
  { id: 'abstract', label: 'Abstract', premium: true, description: 'Simplified geometric shapes' },
  { id: 'watercolor', label: 'Watercolor', premium: true, description: 'Soft painted washes' },
  { id: 'pixel', label: 'Pixel Art', premium: true, description: 'Retro 8-bit pixels' },
];

export const QUALITIES: readonly QualityOption[] = [
  { id: 'low', label: 'Standard', premium: false, description: 'One image, straight away' },
  {
    id: 'high',
    label: 'Triple Validation',
    premium: true,
    description: 'Checked for quality, up to 3 attempts',
  },
];

export const PRIVACIES: readonly PrivacyOption[] = [
  { id: 'public', label: 'Public', premium: false, description: 'Shown in the Explore gallery' },
  { id: 'private', label: 'Private', premium: true, description: 'Only you can see it' },
];

export type GenerationOptions = { theme: ThemeId; quality: Quality; privacy: Privacy };

export const DEFAULT_OPTIONS: Readonly<GenerationOptions> = {
  theme: 'default',
  quality: 'low',
  privacy: 'public',
};

export function findTheme(id: string | null | undefined): Theme | undefined {
  return THEMES.find((theme) => theme.id === id);
}

export function isPremiumTheme(id: ThemeId): boolean {
  return id !== 'default';
}

/** Human names of the premium options chosen, e.g. ['Comic Book', 'Triple Validation', 'Private']. */
export function premiumOptionsUsed(options: GenerationOptions): string[] {
  const used: string[] = [];
  // Rule from the spec: every theme except default is premium, so an unknown id counts too.
  if (isPremiumTheme(options.theme)) used.push(findTheme(options.theme)?.label ?? options.theme);
  if (options.quality === 'high') used.push('Triple Validation');
  if (options.privacy === 'private') used.push('Private');
  return used;
}

export function usesPremiumOptions(options: GenerationOptions): boolean {
  return premiumOptionsUsed(options).length > 0;
}
