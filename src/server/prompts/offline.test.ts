import { describe, expect, it } from 'vitest';
import { ComposerMiss, createRandom, planPrompt } from '../../composer';
import { SAMPLE_PROMPTS } from '../../core/prompt';
import { NothingToSuggest, suggestOffline } from './offline';

describe('offline suggestions', () => {
  const ideas = [...SAMPLE_PROMPTS, 'a cat', 'lighthouse', 'a blue ring', 'two dogs playing'];

  it('3 distinct suggestions per idea, the same every time', () => {
    for (const idea of ideas) {
      const first = suggestOffline(idea);
      expect(first, idea).toHaveLength(3);
      expect(new Set(first).size, idea).toBe(3);
      expect(suggestOffline(idea), idea).toEqual(first);
    }
  });

  it('the composer draws every suggestion (its planner refuses none)', () => {
    for (const idea of ideas) {
      for (const suggestion of suggestOffline(idea)) {
        let refused: unknown;
        try {
          planPrompt(suggestion, createRandom(42));
        } catch (error) {
          refused = error;
        }
        expect(refused instanceof ComposerMiss ? refused.words : refused, suggestion).toBeUndefined();
      }
    }
  });

  it('an idea the composer cannot draw has no suggestions, and says which word', () => {
    expect(() => suggestOffline('a zorblax')).toThrow(NothingToSuggest);
    try {
      suggestOffline('a zorblax');
    } catch (error) {
      expect((error as NothingToSuggest).words).toEqual(['zorblax']);
    }
  });
});
