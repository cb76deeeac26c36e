import { describe, expect, it } from 'vitest';
import { createBlocklistModeration, foldPrompt, isBlockedPrompt } from './blocklist';
import { DECLINED_MESSAGE } from './messages';

// Every provider's moderation (blocklist.ts): a table of prompts declined, of the same dressed up to
// slip past (spaced letters, look-alike letters, leetspeak), and of everyday prompts that must pass.
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
    // Everyday prompts a word list gets wrong when it matches inside words or ignores meaning.
    'a cocktail party',
    'Scunthorpe',
    "a bird's breast feathers",
    'chicken breast on a plate',
    // Decided: "sexy" about a thing passes; about a person or a pose it does not (below).
    'a sexy red sports car',
    'a rooster (cock) crowing at dawn',
    'Moby Dick the whale',
    'a donkey (ass) in a field',
    'Sussex and Middlesex map',
    'shiitake mushrooms',
    'a field of oilseed rape',
    'a Negroni cocktail',
    'Penistone railway station',
    'peacock feathers',
    'a man and a woman shaking hands',
    'the letters a b c on toy blocks',
    'a bikini on a beach towel',
    'a Japanese flag',
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
    // Found accepted, charged and published on the embedded provider (issue 35).
    'nazi soldiers waving a swastika flag',
    'a naked woman in a sexy pose',
    'a picture of Adolf Hitler giving a speech',
    'porn',
    // Hate symbols and figures, sexual content.
    'Ku Klux Klan rally',
    'kkk hood',
    'himmler portrait',
    'white power fist',
    'third reich eagle',
    'a woman in lingerie',
    'a sexy woman',
    'a girl posing in a bikini',
    'topless sunbathing',
    'sex scene',
    'fuck you sign',
    // Bypasses: spaced letters, look-alike letters, leetspeak.
    'p o r n',
    'p.o.r.n poster',
    'n a z i flag',
    'pørn',
    'p\u043ern', // Cyrillic о
    'h\u0456tler speech', // Cyrillic і
    'n\u0456gger',
    'sw@stika',
    'n4ked woman',
    'n.s.f.w',
  ])('declines %s', async (prompt) => {
    await expect(moderation.check(prompt)).resolves.toEqual({ allowed: false, message: DECLINED_MESSAGE });
  });

  it('folds case, joins letters typed apart and takes everyday phrases out before matching', () => {
    expect(foldPrompt('P o R n')).toBe('porn');
    expect(foldPrompt('a naked mole rat').trim()).toBe('a');
    // Only the everyday phrase goes: the rest of the prompt is still read.
    expect(isBlockedPrompt('a naked mole rat beside a naked woman')).toBe(true);
    expect(foldPrompt('3 cats and 2 dogs')).toBe('3 cats and 2 dogs');
  });

  it('is named blocklist', () => {
    expect(moderation.name).toBe('blocklist');
  });
});
