// Scene backdrops: a round vignette behind the subject for scene words ("underwater", "space",
// "holiday"...). Drawn in code as flat vector shapes so every theme can restyle them.
import type { SceneId } from './index-file';
import { n, type Random } from './random';

export type { SceneId };

/** Soft scene words ask for a season without naming one: the subject decides the backdrop. */
export const SOFT_SCENE_WORDS = new Set(['holiday', 'holidays', 'seasonal']);
/** Weather words and the emoji that show them (ours): "a rainy day" is the rain cloud. */
export const WEATHER_ART: Record<string, string> = {
  sunny: 'sun',
  rainy: 'cloud-with-rain',
  cloudy: 'cloud',
  windy: 'wind-face',
  snowy: 'cloud-with-snow',
  stormy: 'cloud-with-lightning-and-rain',
  thundery: 'cloud-with-lightning-and-rain',
  foggy: 'fog',
  misty: 'fog',
};

/** Occasions with no backdrop of their own and the decoration that says them (ours): a dog's
 * birthday has a balloon beside it, never a picture of the word. */
export const OCCASION_ART: Record<string, string> = {
  birthday: 'balloon',
  valentine: 'red-heart',
  valentines: 'red-heart',
  // (round 21: "a new year clock" showed no new year)
  'new year': 'party-popper',
};

/** The kind of a thing an occasion brings (ours): a flag for the fourth of July is the USA's (it
 * was the white flag of surrender). */
export const OCCASION_KINDS: Record<string, Record<string, string>> = {
  'fourth of july': { flag: 'game-icons:usa-flag' },
  // (a valentine's card is the love letter, the envelope with a heart)
  valentine: { card: 'fluent-emoji-flat:love-letter' },
  valentines: { card: 'fluent-emoji-flat:love-letter' },
  independence: { flag: 'game-icons:usa-flag' },
};

/** The thing a being of legend is known by, where the plain word names another (ours): a genie's
 * lamp is the magic oil lamp, never a table lamp. */
export const PROP_ART: Record<string, Record<string, string>> = {
  genie: { lamp: 'game-icons:magic-lamp' },
  // (and an archer's, an elf's or cupid's bow is the bow and arrow: a bow is a ribbon's)
  archer: { bow: 'fluent-emoji-flat:bow-and-arrow' },
  elf: { bow: 'fluent-emoji-flat:bow-and-arrow' },
  hunter: { bow: 'fluent-emoji-flat:bow-and-arrow' },
  cupid: { bow: 'fluent-emoji-flat:bow-and-arrow' },
  robin: { bow: 'fluent-emoji-flat:bow-and-arrow' },
  // (and a doctor's or a nurse's needle is the syringe: a needle is the sewing needle)
  doctor: { needle: 'fluent-emoji-flat:syringe' },
  nurse: { needle: 'fluent-emoji-flat:syringe' },
  vet: { needle: 'fluent-emoji-flat:syringe' },
};

/** What a person doing a thing holds when the prompt names nothing for it (ours, emoji names): a
 * kid reading holds a book, a girl singing a microphone. */
export const VERB_THINGS: Record<string, string> = {
  reading: 'open-book',
  studying: 'books',
  singing: 'microphone',
  painting: 'artist-palette',
  drawing: 'pencil',
  knitting: 'yarn',
  cooking: 'cooking',
  baking: 'bread',
  gardening: 'seedling',
  shopping: 'shopping-bags',
  cleaning: 'broom',
  writing: 'memo',
};

/**
 * Verbs of making music that cartoonists show with notes by the head (ours): "a bird singing",
 * "a radio playing". `things` verbs are music only when a thing does them (a cat playing is no
 * song).
 */
export const MUSIC_VERBS = {
  any: new Set(['singing', 'whistling', 'humming', 'chirping', 'tweeting', 'warbling']),
  things: new Set(['playing']),
};

/**
 * What a made thing does that cartoonists show by a mark at its top (ours): round 26 drew "a
 * smartphone charging" and "a cell phone ringing" as a phone doing nothing. A creature charging is
 * no battery: things only.
 */
export const THING_STATE_MARKS: Record<string, string> = {
  charging: 'high-voltage',
  ringing: 'bell',
  buzzing: 'bell',
  beeping: 'bell',
  leaking: 'droplet',
  dripping: 'droplet',
  melting: 'droplet',
};

/** Verbs of speech, shown as a speech balloon by the head of whoever does them (ours): round 26's
 * "a talking tree" was refused, a parrot talking drew a silent parrot. */
export const SPEECH_VERBS = new Set([
  ...['talking', 'speaking', 'chatting', 'saying', 'telling'],
  // (and an animal's call, as comics give it: "a lion roaring" was a calm lion)
  ...['roaring', 'barking', 'howling', 'meowing', 'mooing', 'quacking', 'growling', 'oinking', 'crowing'],
]);

/** Places only behind a thing ("a castle in the sky", "a turtle on the sand", "a boat on a lake"): alone
 * they are no picture. */
export const BACKDROP_WORDS = new Set(['sky', 'sand', 'lake']);

/** Small things that belong in each scene, used as accents when the prompt names none. */
export const SCENE_ACCENTS: Record<SceneId, string[]> = {
  landscape: ['cloud', 'sun', 'rainbow', 'butterfly', 'bird'],
  underwater: ['bubbles', 'spiral-shell', 'tropical-fish', 'coral', 'jellyfish'],
  space: ['glowing-star', 'ringed-planet', 'comet', 'satellite', 'sparkles'],
  winter: ['snowflake', 'wrapped-gift', 'star', 'snowflake'],
  halloween: ['bat', 'ghost', 'spider-web', 'candy'],
  city: ['cloud', 'taxi', 'sparkles'],
  forest: ['mushroom', 'fallen-leaf', 'evergreen-tree', 'butterfly'],
  beach: ['sun', 'spiral-shell', 'crab', 'palm-tree'],
  night: ['crescent-moon', 'glowing-star', 'sparkles'],
  autumn: ['maple-leaf', 'fallen-leaf', 'mushroom'],
  spring: ['cherry-blossom', 'butterfly', 'tulip'],
};

/** Subjects drawn when the prompt names a scene and nothing else. */
export const SCENE_SUBJECTS: Record<SceneId, string[]> = {
  landscape: ['house', 'castle', 'camping', 'deciduous-tree'],
  underwater: ['tropical-fish', 'octopus', 'spouting-whale', 'turtle', 'dolphin', 'crab'],
  space: ['rocket', 'astronaut', 'flying-saucer', 'ringed-planet'],
  winter: ['christmas-tree', 'snowman', 'wrapped-gift'],
  halloween: ['jack-o-lantern', 'ghost'],
  city: ['office-building', 'taxi', 'bus'],
  forest: ['evergreen-tree', 'deer', 'fox', 'owl'],
  beach: ['palm-tree', 'beach-with-umbrella', 'crab'],
  // The night itself, not a creature in it: "a starry night" is no owl.
  night: ['night-with-stars', 'crescent-moon', 'shooting-star'],
  autumn: ['maple-leaf', 'mushroom', 'hedgehog'],
  spring: ['cherry-blossom', 'tulip', 'rabbit-face', 'butterfly'],
};

/** Which backdrop a seasonal subject (an emoji name) wants when the prompt only says "holiday". */
export function seasonFor(subject: string): SceneId {
  if (['jack-o-lantern', 'ghost', 'bat', 'spider', 'person-vampire'].includes(subject)) return 'halloween';
  if (['maple-leaf', 'fallen-leaf', 'mushroom'].includes(subject)) return 'autumn';
  if (['cherry-blossom', 'tulip', 'butterfly', 'egg', 'hatching-chick', 'rabbit-face'].includes(subject))
    return 'spring';
  if (['sun', 'palm-tree', 'tropical-drink', 'watermelon', 'sunflower'].includes(subject)) return 'beach';
  return 'winter';
}

export const SCENE_CENTER = 512;
export const SCENE_RADIUS = 432;

type Sky = [top: string, bottom: string];
const SKIES: Record<SceneId, Sky[]> = {
  landscape: [
    ['#7cc6ff', '#d7f0ff'],
    ['#ffb38a', '#ffe3b3'],
    ['#8fd3fe', '#f2e9ff'],
  ],
  underwater: [
    ['#0b6fa8', '#46c1e0'],
    ['#115e9c', '#3fb5c9'],
    ['#1b4f8f', '#39a0c8'],
  ],
  space: [
    ['#0d1033', '#2a1f5c'],
    ['#0a1a3a', '#1e3a6e'],
    ['#150b2e', '#3b1d5e'],
  ],
  winter: [
    ['#1f3a6e', '#5b7fc2'],
    ['#27407a', '#8aa6dd'],
    ['#3a4f8c', '#a9c4f0'],
  ],
  halloween: [
    ['#2b1745', '#f07b3f'],
    ['#1d1236', '#b44a6e'],
    ['#24163f', '#e2703a'],
  ],
  city: [
    ['#6ec3ff', '#d5efff'],
    ['#ff9e7a', '#ffd9a8'],
    ['#2c2f6b', '#6a5ca8'],
  ],
  forest: [
    ['#9fd8ff', '#e6f7ff'],
    ['#ffd6a0', '#fff2d6'],
    ['#a8e6cf', '#e9fff4'],
  ],
  beach: [
    ['#4cc3ff', '#bfeaff'],
    ['#ff9a76', '#ffe0a6'],
    ['#5ad1f0', '#d8f6ff'],
  ],
  night: [
    ['#0f1640', '#2d3a80'],
    ['#14123a', '#433a8a'],
    ['#091b3a', '#27497e'],
  ],
  autumn: [
    ['#ffb36b', '#ffe4bd'],
    ['#f59e6b', '#fde3c8'],
    ['#e8a25a', '#fff0d1'],
  ],
  spring: [
    ['#a6e3ff', '#f0fbff'],
    ['#ffd1e8', '#fff3fa'],
    ['#b9f0d0', '#f2fff8'],
  ],
};

/** The backdrop's content in canvas coordinates; the caller clips it to the round vignette. */
export function sceneBackdrop(scene: SceneId, rng: Random, idPrefix: string): string {
  const [top, bottom] = rng.pick(SKIES[scene]);
  const c = SCENE_CENTER;
  const r = SCENE_RADIUS;
  const x0 = c - r;
  const y0 = c - r;
  const size = r * 2;
  const sky = `<linearGradient id="${idPrefix}sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
  const parts: string[] = [
    `<defs>${sky}</defs>`,
    `<rect x="${x0}" y="${y0}" width="${size}" height="${size}" fill="url(#${idPrefix}sky)"/>`,
  ];
  switch (scene) {
    case 'landscape':
    case 'spring':
    case 'autumn': {
      parts.push(sun(rng, scene === 'autumn' ? '#ffd166' : '#fff3b0'));
      parts.push(clouds(rng, 2));
      const far = scene === 'autumn' ? '#d9874a' : '#8fb9e6';
      parts.push(mountains(rng, 0.55, far, scene !== 'autumn'));
      const greens =
        scene === 'autumn'
          ? ['#e39b4a', '#c0662f']
          : scene === 'spring'
            ? ['#9be08b', '#5fbf6a']
            : ['#7ccf6b', '#4daa57'];
      parts.push(hills(rng, 0.7, greens[0], 40));
      parts.push(hills(rng, 0.8, greens[1], 30));
      break;
    }
    case 'underwater': {
      for (let i = 0; i < 4; i++) {
        const x = x0 + rng.range(0.1, 0.9) * size;
        const w = rng.range(40, 90);
        parts.push(
          `<path d="M${n(x)} ${y0}l${n(w)} 0l${n(w * 2.5)} ${size}l-${n(w * 1.6)} 0z" fill="#ffffff" fill-opacity="0.12"/>`,
        );
      }
      parts.push(bubbles(rng, 9));
      parts.push(hills(rng, 0.82, '#e9cf93', 24));
      for (let i = 0; i < 5; i++)
        parts.push(seaweed(rng, x0 + rng.range(0.15, 0.85) * size, y0 + size * 0.9));
      break;
    }
    case 'space':
    case 'night': {
      parts.push(starField(rng, scene === 'space' ? 46 : 30));
      if (scene === 'space') {
        parts.push(
          `<circle cx="${n(x0 + size * rng.range(0.2, 0.35))}" cy="${n(y0 + size * rng.range(0.7, 0.8))}" r="${n(rng.range(60, 90))}" fill="#ff8fab" fill-opacity="0.9"/>`,
        );
        parts.push(
          `<circle cx="${n(x0 + size * 0.78)}" cy="${n(y0 + size * 0.25)}" r="${n(rng.range(26, 40))}" fill="#ffd166"/>`,
        );
      } else {
        parts.push(
          `<circle cx="${n(x0 + size * 0.74)}" cy="${n(y0 + size * 0.26)}" r="58" fill="#fff6c9"/><circle cx="${n(x0 + size * 0.74 + 26)}" cy="${n(y0 + size * 0.26 - 14)}" r="50" fill="${top}"/>`,
        );
        parts.push(hills(rng, 0.8, '#1c2556', 34));
      }
      break;
    }
    case 'winter': {
      parts.push(starField(rng, 14));
      parts.push(hills(rng, 0.72, '#dfe9fb', 30));
      parts.push(hills(rng, 0.8, '#ffffff', 24));
      parts.push(snow(rng, 26));
      break;
    }
    case 'halloween': {
      parts.push(
        `<circle cx="${n(x0 + size * 0.7)}" cy="${n(y0 + size * 0.3)}" r="${n(rng.range(80, 100))}" fill="#ffe8a3"/>`,
      );
      parts.push(hills(rng, 0.74, '#3b2457', 36));
      parts.push(hills(rng, 0.82, '#24143a', 26));
      break;
    }
    case 'city': {
      parts.push(clouds(rng, 2));
      const cols = ['#5c6bc0', '#7986cb', '#3f51b5', '#9fa8da'];
      let x = x0;
      while (x < x0 + size) {
        const w = rng.range(70, 120);
        const h = rng.range(0.25, 0.55) * size;
        const y = y0 + size * 0.85 - h;
        const fill = rng.pick(cols);
        parts.push(
          `<rect x="${n(x)}" y="${n(y)}" width="${n(w - 6)}" height="${n(h + size)}" fill="${fill}"/>`,
        );
        for (let wy = y + 18; wy < y0 + size * 0.82; wy += 34) {
          for (let wx = x + 12; wx < x + w - 26; wx += 26) {
            if (rng.chance(0.7))
              parts.push(
                `<rect x="${n(wx)}" y="${n(wy)}" width="12" height="16" fill="#fff4c2" fill-opacity="0.85"/>`,
              );
          }
        }
        x += w;
      }
      parts.push(
        `<rect x="${x0}" y="${n(y0 + size * 0.85)}" width="${size}" height="${n(size * 0.15)}" fill="#455a64"/>`,
      );
      break;
    }
    case 'forest': {
      parts.push(sun(rng, '#fff3b0'));
      parts.push(hills(rng, 0.66, '#a5d6a7', 30));
      for (let layer = 0; layer < 2; layer++) {
        const base = y0 + size * (0.74 + layer * 0.1);
        const color = layer === 0 ? '#5aa469' : '#2f7d4a';
        for (let i = 0; i < 7; i++) {
          const x = x0 + (i + rng.range(0, 0.6)) * (size / 6.5);
          const h = rng.range(150, 240) * (layer === 0 ? 0.9 : 1.1);
          parts.push(
            `<path d="M${n(x)} ${n(base - h)}L${n(x + h * 0.32)} ${n(base)}L${n(x - h * 0.32)} ${n(base)}Z" fill="${color}"/>`,
          );
        }
      }
      parts.push(
        `<rect x="${x0}" y="${n(y0 + size * 0.9)}" width="${size}" height="${n(size * 0.1)}" fill="#2f7d4a"/>`,
      );
      break;
    }
    case 'beach': {
      parts.push(sun(rng, '#fff1a8'));
      parts.push(clouds(rng, 1));
      parts.push(
        `<rect x="${x0}" y="${n(y0 + size * 0.58)}" width="${size}" height="${n(size * 0.42)}" fill="#1fb5d6"/>`,
      );
      parts.push(
        `<rect x="${x0}" y="${n(y0 + size * 0.58)}" width="${size}" height="8" fill="#ffffff" fill-opacity="0.5"/>`,
      );
      parts.push(hills(rng, 0.78, '#f6d58e', 30));
      break;
    }
  }
  return parts.join('');
}

function sun(rng: Random, color: string): string {
  const c = SCENE_CENTER;
  const x = c + rng.range(-1, 1) * 240;
  const y = c - rng.range(200, 260);
  return `<circle cx="${n(x)}" cy="${n(y)}" r="86" fill="${color}" fill-opacity="0.55"/><circle cx="${n(x)}" cy="${n(y)}" r="62" fill="${color}"/>`;
}

function clouds(rng: Random, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = SCENE_CENTER + rng.range(-300, 300);
    const y = SCENE_CENTER - rng.range(150, 300);
    const s = rng.range(0.8, 1.2);
    out += `<g fill="#ffffff"><ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(70 * s)}" ry="${n(28 * s)}"/><circle cx="${n(x - 20 * s)}" cy="${n(y - 18 * s)}" r="${n(32 * s)}"/><circle cx="${n(x + 22 * s)}" cy="${n(y - 12 * s)}" r="${n(24 * s)}"/></g>`;
  }
  return out;
}

/** A rolling ridge whose top sits at `level` (0 top of the vignette, 1 bottom). */
function hills(rng: Random, level: number, color: string, amplitude: number): string {
  const x0 = SCENE_CENTER - SCENE_RADIUS;
  const size = SCENE_RADIUS * 2;
  const y = x0 + size * level;
  const steps = 4;
  let d = `M${x0} ${n(y)}`;
  for (let i = 0; i < steps; i++) {
    const xa = x0 + (size / steps) * (i + 0.5);
    const xb = x0 + (size / steps) * (i + 1);
    const ya = y + rng.range(-1, 1) * amplitude * 1.6;
    const yb = y + rng.range(-0.6, 0.6) * amplitude;
    d += ` Q${n(xa)} ${n(ya)} ${n(xb)} ${n(yb)}`;
  }
  d += ` L${x0 + size} ${x0 + size} L${x0} ${x0 + size} Z`;
  return `<path d="${d}" fill="${color}"/>`;
}

function mountains(rng: Random, level: number, color: string, snowCaps: boolean): string {
  const x0 = SCENE_CENTER - SCENE_RADIUS;
  const size = SCENE_RADIUS * 2;
  const base = x0 + size * (level + 0.2);
  let out = '';
  const peaks = 3;
  for (let i = 0; i < peaks; i++) {
    const px = x0 + (size / peaks) * (i + 0.5) + rng.range(-40, 40);
    const h = rng.range(200, 300);
    const w = rng.range(220, 300);
    out += `<path d="M${n(px - w)} ${n(base)}L${n(px)} ${n(base - h)}L${n(px + w)} ${n(base)}Z" fill="${color}"/>`;
    if (snowCaps) {
      const t = 0.28;
      out += `<path d="M${n(px - w * t)} ${n(base - h * (1 - t))}L${n(px)} ${n(base - h)}L${n(px + w * t)} ${n(base - h * (1 - t))}L${n(px + w * t * 0.4)} ${n(base - h * (1 - t) + 16)}L${n(px)} ${n(base - h * (1 - t))}L${n(px - w * t * 0.5)} ${n(base - h * (1 - t) + 18)}Z" fill="#ffffff"/>`;
    }
  }
  return out;
}

function starField(rng: Random, count: number): string {
  let out = '<g fill="#ffffff">';
  for (let i = 0; i < count; i++) {
    const a = rng.range(0, Math.PI * 2);
    const d = Math.sqrt(rng.next()) * SCENE_RADIUS * 0.95;
    const x = SCENE_CENTER + Math.cos(a) * d;
    const y = SCENE_CENTER + Math.sin(a) * d;
    if (rng.chance(0.15)) {
      const s = rng.range(8, 14);
      out += `<path d="M${n(x)} ${n(y - s)}Q${n(x)} ${n(y)} ${n(x + s)} ${n(y)}Q${n(x)} ${n(y)} ${n(x)} ${n(y + s)}Q${n(x)} ${n(y)} ${n(x - s)} ${n(y)}Q${n(x)} ${n(y)} ${n(x)} ${n(y - s)}Z"/>`;
    } else {
      out += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(rng.range(1.5, 4))}" fill-opacity="${n(rng.range(0.5, 1))}"/>`;
    }
  }
  return `${out}</g>`;
}

function snow(rng: Random, count: number): string {
  let out = '<g fill="#ffffff">';
  for (let i = 0; i < count; i++) {
    out += `<circle cx="${n(SCENE_CENTER + rng.range(-1, 1) * SCENE_RADIUS)}" cy="${n(SCENE_CENTER + rng.range(-1, 0.6) * SCENE_RADIUS)}" r="${n(rng.range(3, 8))}" fill-opacity="0.85"/>`;
  }
  return `${out}</g>`;
}

function bubbles(rng: Random, count: number): string {
  let out = '<g fill="#ffffff" stroke="#ffffff" stroke-width="3">';
  for (let i = 0; i < count; i++) {
    const r = rng.range(6, 18);
    out += `<circle cx="${n(SCENE_CENTER + rng.range(-0.8, 0.8) * SCENE_RADIUS)}" cy="${n(SCENE_CENTER + rng.range(-0.8, 0.4) * SCENE_RADIUS)}" r="${n(r)}" fill-opacity="0.15" stroke-opacity="0.6"/>`;
  }
  return `${out}</g>`;
}

function seaweed(rng: Random, x: number, base: number): string {
  const h = rng.range(120, 220);
  const sway = rng.range(14, 26);
  const color = rng.pick(['#2e9e6b', '#3bb37a', '#1f7f58']);
  return `<path d="M${n(x)} ${n(base)}C${n(x - sway)} ${n(base - h * 0.3)} ${n(x + sway)} ${n(base - h * 0.6)} ${n(x)} ${n(base - h)}" fill="none" stroke="${color}" stroke-width="14" stroke-linecap="round"/>`;
}
