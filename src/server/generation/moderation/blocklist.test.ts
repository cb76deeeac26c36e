import { describe, expect, it } from 'vitest';
import { createBlocklistModeration, isBlockedPrompt, normalisePrompt } from './blocklist';
import { DECLINED_MESSAGE } from './messages';

describe('blocklist moderation', () => {
  const moderation = createBlocklistModeration();

  it.each([
    'cute cartoon animal',
    'Scunthorpe skyline',
    'sextant on a ship',
    'cocktail glass',
    'assassin bug insect',
    'Essex county map',
    'a therapist with a notepad',
    'blue tit bird on a branch',
    'naked mole rat',
    'kid goat in a meadow',
    'children playing football',
    'nude lipstick',
    'pussy willow branch',
    'Al Gore at a podium',
    'a grapefruit',
    'Super Bowl XXX trophy',
    'mp3 player with 4 buttons',
    'happy birthday 2024 banner',
  ])('allows %s', async (prompt) => {
    await expect(moderation.check(prompt)).resolves.toEqual({ allowed: true });
  });

  it.each([
    'hentai girl',
    'PORN star',
    'p0rn star',
    'h3nt@i poster',
    'a DECAPITATED knight',
    'beheading scene',
    'lolicon art',
    'naked child',
    'sexy teenager',
    'Nàked kids',
    'nsfw meme',
    'dildos',
    'heil hitler poster',
  ])('declines %s', async (prompt) => {
    await expect(moderation.check(prompt)).resolves.toEqual({ allowed: false, message: DECLINED_MESSAGE });
  });

  it('normalises case, diacritics, punctuation and leetspeak inside words only', () => {
    expect(normalisePrompt('Crème Brûlée!!')).toBe(' creme brulee ');
    expect(normalisePrompt('h3ll0 w0rld, 3 cats')).toBe(' hello world 3 cats ');
    expect(isBlockedPrompt('n.s.f.w')).toBe(false); // letters apart are words apart: kept simple on purpose
  });

  it('is named blocklist', () => {
    expect(moderation.name).toBe('blocklist');
  });
});
