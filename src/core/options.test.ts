import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OPTIONS,
  PRIVACIES,
  premiumOptionsUsed,
  QUALITIES,
  THEME_IDS,
  THEMES,
  usesPremiumOptions,
} from './options';

describe('options', () => {
  it('has the six themes, all premium except default', () => {
    expect(THEMES.map((t) => [t.id, t.label, t.premium])).toEqual([
      ['default', 'Default Style', false],
      ['comic', 'Comic Book', true],
      ['realistic', 'Realistic', true],
      ['abstract', 'Abstract', true],
      ['watercolor', 'Watercolor', true],
      ['pixel', 'Pixel Art', true],
    ]);
    expect(THEME_IDS).toEqual(THEMES.map((t) => t.id));
  });

  it('has the qualities and privacies', () => {
    expect(QUALITIES.map((q) => [q.id, q.label, q.premium])).toEqual([
      ['low', 'Standard', false],
      ['high', 'Triple Validation', true],
    ]);
    expect(PRIVACIES.map((p) => [p.id, p.label, p.premium])).toEqual([
      ['public', 'Public', false],
      ['private', 'Private', true],
    ]);
  });

  it('defaults to the free options', () => {
    expect(DEFAULT_OPTIONS).toEqual({ theme: 'default', quality: 'low', privacy: 'public' });
    expect(usesPremiumOptions(DEFAULT_OPTIONS)).toBe(false);
    expect(premiumOptionsUsed(DEFAULT_OPTIONS)).toEqual([]);
  });

  it('names each premium option used', () => {
    expect(premiumOptionsUsed({ theme: 'watercolor', quality: 'high', privacy: 'private' })).toEqual([
      'Watercolor',
      'Triple Validation',
      'Private',
    ]);
    expect(premiumOptionsUsed({ theme: 'default', quality: 'low', privacy: 'private' })).toEqual(['Private']);
    expect(usesPremiumOptions({ theme: 'default', quality: 'high', privacy: 'public' })).toBe(true);
    expect(usesPremiumOptions({ theme: 'pixel', quality: 'low', privacy: 'public' })).toBe(true);
  });
});
