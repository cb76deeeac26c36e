import { describe, expect, it } from 'vitest';
import { ComposerMiss, planPrompt } from '../../composer';
import { SAMPLE_PROMPTS } from '../../core/prompt';
import { NothingToSuggest, suggestOffline } from './offline';

/** The composer's planner takes a seeded generator; any will do to ask whether it draws a prompt. */
function rng(): Parameters<typeof planPrompt>[1] {
  let state = 42;
  const next = () => {
    state = (state * 16807) % 2147483647;
    return (state - 1) / 2147483646;
  };
  return {
    next,
    range: (a, b) => a + (b - a) * next(),
    int: (a, b) => a + Math.floor(next() * (b - a + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
    shuffle: (items) => [...items],
  };
}

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
          planPrompt(suggestion, rng());
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
