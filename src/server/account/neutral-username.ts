// A neutral starting username: a colour, an animal and a number ('amber_otter_4821'), from the
// word lists of unique-names-generator. Derived from nothing personal, so no one can read a
// member's e-mail from it. Migration 0004 gives existing members one from the same lists.
import { randomInt } from 'node:crypto';
import { animals, colors } from 'unique-names-generator';

/**
 * Animals we do not hand out as a name. Apes and monkeys next to a colour can read as a racial
 * slur; parasites and 'booby' read as an insult. Ours to judge, so a list by hand.
 */
const NOT_AS_A_NAME = new Set([
  'ape',
  'baboon',
  'bonobo',
  'chimpanzee',
  'gibbon',
  'gorilla',
  'mandrill',
  'monkey',
  'orangutan',
  'primate',
  'booby',
  'bedbug',
  'cockroach',
  'flea',
  'hookworm',
  'leech',
  'louse',
  'mite',
  'roundworm',
  'tick',
  'worm',
]);

// Short words only, so two of them and a number fit the 24-character username limit.
const fits = (word: string) => /^[a-z]{3,9}$/.test(word);
export const NAME_COLOURS = colors.filter(fits);
export const NAME_ANIMALS = animals.filter((a) => fits(a) && !NOT_AS_A_NAME.has(a));

/** About 150 million combinations; collisions are retried by the caller. */
export function neutralUsername(): string {
  const colour = NAME_COLOURS[randomInt(NAME_COLOURS.length)];
  const animal = NAME_ANIMALS[randomInt(NAME_ANIMALS.length)];
  return `${colour}_${animal}_${randomInt(1000, 10_000)}`;
}
