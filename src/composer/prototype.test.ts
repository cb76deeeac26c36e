// Words that are also names on Object.prototype ("constructor", "__proto__") once crashed the
// composer: every word table is a Map or Set now. This feeds them, and random words, through it all.
import { describe, expect, it } from 'vitest';
import { ComposerMiss, composeSvg } from './index';
import { createRandom } from './random';

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);

function composeOrMiss(prompt: string, seed = 1) {
  try {
    return composeSvg({ prompt, theme: 'default', seed });
  } catch (error) {
    if (error instanceof ComposerMiss) return error;
    throw error;
  }
}

describe('composer and prototype names', () => {
  it.each(PROTOTYPE_NAMES)('"%s" alone, and beside a drawable word, never crashes', (name) => {
    const alone = composeOrMiss(name);
    expect(alone).toBeInstanceOf(ComposerMiss);
    const beside = composeOrMiss(`a dog with a ${name} running`);
    expect(beside).not.toBeInstanceOf(ComposerMiss);
    if (!(beside instanceof ComposerMiss)) expect(beside.subjects[0].art).toBe('fluent-emoji-flat:dog');
  });

  it('random words, prototype names and punctuation mixed give a picture or a miss, never an error', () => {
    const rng = createRandom(20260101);
    const pool = [
      ...PROTOTYPE_NAMES,
      'dog',
      'red',
      'tiny',
      'running',
      'lighthouse',
      'of',
      'the',
      '__',
      '$',
      '💥',
      "o'clock",
    ];
    for (let i = 0; i < 150; i++) {
      const words: string[] = [];
      const count = rng.int(1, 6);
      for (let w = 0; w < count; w++) {
        if (rng.chance(0.5)) words.push(rng.pick(pool));
        else {
          let word = '';
          const length = rng.int(1, 9);
          for (let c = 0; c < length; c++) word += String.fromCharCode(rng.int(97, 122));
          words.push(word);
        }
      }
      const prompt = words.join(' ');
      const result = composeOrMiss(prompt, i);
      if (result instanceof ComposerMiss) expect(result.words.length, prompt).toBeGreaterThan(0);
      else expect(result.svg.startsWith('<svg'), prompt).toBe(true);
    }
  });
});
