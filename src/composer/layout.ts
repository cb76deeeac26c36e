// Where things go: the subject near the centre, accents in free corners, all kept inside the
// canvas with room for outlines and shadows (the image check rejects clipped pictures).
import type { ThemeId } from '../core/options';
import { iconMetrics, type Placed } from './art';
import type { ArtRecord } from './index-file';
import { getLexicon } from './lexicon';
import { bodyColour, type Palette, themePaint } from './palettes';
import type { Plan, Relation } from './plan';
import { n, type Random } from './random';
import { SCENE_CENTER, SCENE_RADIUS, type SceneId, sceneBackdrop } from './scenes';

export type Item = { kind: 'icon'; placed: Placed } | { kind: 'shape'; outline: string; art: string };

export type Layout = {
  scene: { id: SceneId; item: Item & { kind: 'shape' } } | null;
  subject: Item & { kind: 'icon' };
  accents: Placed[];
  /** Motion marks (speed lines, bounce arcs, waves) drawn behind the subject. */
  motion: (Item & { kind: 'shape' }) | null;
};

/** Accents a theme adds when neither the prompt nor a scene suggests any (emoji names). */
const THEME_ACCENTS: Record<ThemeId, string[]> = {
  default: ['sparkles', 'glowing-star', 'sparkling-heart'],
  comic: ['collision', 'high-voltage', 'sparkles'],
  realistic: ['sparkles', 'glowing-star'],
  abstract: [],
  watercolor: ['cherry-blossom', 'leaf-fluttering-in-wind', 'sparkles'],
  pixel: ['glowing-star', 'red-heart', 'sparkles'],
};

const MARGIN = 40;

export function circlePath(cx: number, cy: number, r: number): string {
  return `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${r * 2} 0a${r} ${r} 0 1 0 ${-r * 2} 0Z`;
}

/**
 * `paintArt`: the palette was chosen (a custom style), so the colour art is painted in it too.
 * `variant` (the seed): its two low bits pick facing and side, so four seeds in a row give four
 * different arrangements.
 */
export function buildLayout(
  plan: Plan,
  theme: ThemeId,
  rng: Random,
  palette: Palette,
  paintArt = false,
  variant = 0,
): Layout {
  const artPalette = paintArt ? palette.colors : null;
  let scene: Layout['scene'] = null;
  if (plan.scene) {
    const art = `<clipPath id="scene-clip"><path d="${circlePath(SCENE_CENTER, SCENE_CENTER, SCENE_RADIUS)}"/></clipPath><g clip-path="url(#scene-clip)">${sceneBackdrop(plan.scene, rng, 'scene-')}</g>`;
    scene = {
      id: plan.scene,
      item: { kind: 'shape', outline: circlePath(SCENE_CENTER, SCENE_CENTER, SCENE_RADIUS), art },
    };
  }

  const base = scene ? rng.range(480, 580) : rng.range(540, 660);
  // A size word changes the subject's size; accents keep theirs, so "tiny" reads as tiny.
  const size = Math.min(760, base * plan.scale);
  const moving = plan.motion !== null;
  // Variations of one prompt differ visibly: facing, place and tilt change with the seed.
  const flip = !plan.face && (variant & 1) === 1;
  const pair = plan.partner
    ? pairPlaces(plan.partner.relation, rng, (variant & 2) === 0 ? 1 : -1, plan.partner.art)
    : null;
  // A feeling's mark needs room by the head: the subject steps down and away from it a little.
  const marked = plan.mark && !pair ? 1 : 0;
  // Motion marks trail behind the subject: it steps away from the side they take.
  const trail = marksOnRight({ art: plan.subject, flip }) ? -40 : 40;
  const subject: Placed = {
    art: plan.subject,
    x: pair ? pair.subject.x : 512 + rng.range(-50, 50) + (moving ? trail : 0) - marked * (flip ? -50 : 50),
    y: pair
      ? pair.subject.y
      : (scene ? 548 : 520) +
        rng.range(-24, 24) -
        (plan.motion === 'jump' || plan.motion === 'fly' ? 50 : 0) +
        marked * 50,
    size: pair ? Math.min(760, pair.subject.size * plan.scale) : size * (marked ? 0.85 : 1),
    // Running leans forward; the pixel grid wants it upright.
    rotate: theme === 'pixel' ? 0 : plan.motion === 'run' ? (flip ? 8 : -8) : rng.range(-10, 10),
    flip,
    face: plan.face,
    ...paintFor(plan.subject, themePaint(theme, bodyColour(palette, rng.int(0, 4))), plan.colour, artPalette),
  };
  clampInside(subject);

  const lexicon = getLexicon();
  const themeAccents = rng
    .shuffle(THEME_ACCENTS[theme])
    .map((name) => lexicon.artById.get(`fluent-emoji-flat:${name}`))
    .filter((a): a is ArtRecord => Boolean(a));
  const fillers = [...plan.sceneAccents, ...themeAccents].filter(
    (a) => a.id !== plan.subject.id && !plan.accents.some((b) => b.id === a.id),
  );
  const small = plan.scale < 1;
  const wanted =
    plan.accents.length > 0 || plan.mark
      ? plan.accents.length
      : theme === 'abstract' || small
        ? 0
        : rng.int(1, 2);
  const chosen = [...plan.accents, ...fillers].slice(0, Math.max(wanted, plan.accents.length));

  // Corners around the subject, diagonals first so accents frame rather than cover it.
  const slots = rng.shuffle([-45, 135]).concat(rng.shuffle([-135, 45]));
  const accents: Placed[] = chosen.map((art, i) => {
    const named = i < plan.accents.length;
    // The second subject stands where the relation puts it, as large as one can read.
    const place = pair && i === 0 ? pair.partner : null;
    const angle = (slots[i % slots.length] * Math.PI) / 180;
    const distance = rng.range(330, 370);
    const placed: Placed = {
      art,
      x: place ? place.x : 512 + Math.cos(angle) * distance,
      y: place ? place.y : 512 + Math.sin(angle) * distance,
      size: place ? place.size : named ? rng.range(pair ? 200 : 250, pair ? 230 : 290) : rng.range(170, 215),
      rotate: rng.range(-18, 18),
      flip: rng.chance(0.3),
      // (in the colour the prompt gave it: "a sailboat with a red sail")
      ...paintFor(
        art,
        themePaint(theme, bodyColour(palette, i + 1)),
        named ? (plan.accentColours[i] ?? null) : null,
        artPalette,
      ),
    };
    clampInside(placed);
    return placed;
  });

  if (plan.mark) accents.push(markBy(plan.mark, subject, theme, palette, artPalette));
  return {
    scene,
    subject: { kind: 'icon', placed: subject },
    accents,
    motion: plan.motion ? motionMarks(plan.motion, subject) : null,
  };
}

/** A feeling's comic mark (zzz, anger symbol) just off the subject's head, on its facing side. */
function markBy(
  art: ArtRecord,
  subject: Placed,
  theme: ThemeId,
  palette: Palette,
  artPalette: readonly string[] | null,
): Placed {
  const m = iconMetrics(subject.art);
  const k = subject.size / Math.max(m.w, m.h);
  // (the side it faces: emoji face left unless mirrored, see marksOnRight; a speech balloon by a
  // dog's tail read as the tail's)
  const side = marksOnRight(subject) ? -1 : 1;
  // Accents sit behind the subject, so the mark stands clear of it, off its upper corner.
  const size = Math.max(190, Math.min(250, subject.size * 0.4));
  const placed: Placed = {
    art,
    x: subject.x + side * (((m.w * k) / 2) * 0.7 + size * 0.45),
    y: subject.y - ((m.h * k) / 2) * 0.7 - size * 0.35,
    size,
    rotate: 0,
    flip: false,
    ...paintFor(art, themePaint(theme, bodyColour(palette, 1)), null, artPalette),
  };
  clampInside(placed);
  return placed;
}

type Spot = { x: number; y: number; size: number };

/**
 * Where a subject and a second subject stand for the relation the prompt names: a rider above
 * the horse, a cat on the table or in the box, a girl beside what she holds. Sides swap by seed.
 */
function pairPlaces(
  relation: Relation,
  rng: Random,
  side: 1 | -1,
  partner: ArtRecord,
): { subject: Spot; partner: Spot } {
  const jitter = () => rng.range(-18, 18);
  const spot = (x: number, y: number, size: number): Spot => ({
    x: x + jitter(),
    y: y + jitter(),
    size: size * rng.range(0.95, 1.05),
  });
  const across = (x: number) => 512 + side * (x - 512);
  // In or on a tree is up in its crown: the tree stands large behind, the animal in front, high.
  if ((relation === 'in' || relation === 'on') && /\btree$/.test(partner.label))
    return { subject: spot(across(540), 400, 360), partner: spot(512, 540, 720) };
  switch (relation) {
    case 'on':
      return { subject: spot(512, 390, 420), partner: spot(512, 730, 470) };
    case 'in':
      return { subject: spot(512, 420, 400), partner: spot(512, 690, 480) };
    case 'under':
      return { subject: spot(512, 750, 360), partner: spot(512, 400, 540) };
    // Jumping or flying over a thing: high above it, with air between.
    case 'over':
      return { subject: spot(512, 350, 400), partner: spot(512, 760, 400) };
    // Weather above the subject, off to one side so the head shows.
    case 'sky':
      return { subject: spot(across(470), 650, 480), partner: spot(across(650), 230, 330) };
    case 'riding':
      return { subject: spot(512, 360, 370), partner: spot(512, 650, 520) };
    // What is held stands out at the hand's side, clear of the body it would hide behind (a
    // robot's flower, a bear's balloon were mostly covered).
    case 'holding':
      return { subject: spot(across(390), 530, 520), partner: spot(across(765), 615, 330) };
    // An animal's young: the parent large, the small one in front at its side, both in full.
    case 'young':
      return { subject: spot(across(370), 460, 540), partner: spot(across(790), 740, 250) };
    default:
      return { subject: spot(across(320), 540, 430), partner: spot(across(710), 560, 390) };
  }
}

function paintFor(
  art: ArtRecord,
  paint: string,
  asked: string | null,
  palette: readonly string[] | null,
): Pick<Placed, 'paint' | 'recolour' | 'palette'> {
  // The prompt's colour, else the thing's own ("a pumpkin" is orange), else the theme's.
  if (art.kind === 'mono') return { paint: asked ?? art.colour ?? paint };
  if (asked) return { recolour: asked };
  return palette ? { palette } : {};
}

/** Speed lines behind a runner, arcs under a jumper, swooshes under a flyer, waves for a swimmer. */
function motionMarks(kind: NonNullable<Plan['motion']>, p: Placed): Item & { kind: 'shape' } {
  const m = iconMetrics(p.art);
  const k = p.size / Math.max(m.w, m.h);
  const halfW = (m.w * k) / 2;
  const halfH = (m.h * k) / 2;
  const strokes: string[] = [];
  const line = (d: string, width: number) =>
    strokes.push(
      `<path d="${d}" fill="none" stroke="#ffffff" stroke-width="${width + 16}" stroke-linecap="round"/>`,
    ) &&
    strokes.push(
      `<path d="${d}" fill="none" stroke="#5b6b8c" stroke-width="${width}" stroke-linecap="round"/>`,
    );
  const left = Math.max(MARGIN + 20, p.x - halfW - 30);
  if (kind === 'run') {
    for (const [dy, len] of [
      [-0.35, 170],
      [0, 230],
      [0.35, 150],
    ] as const) {
      const y = p.y + dy * halfH;
      line(`M${n(left)} ${n(y)}L${n(Math.max(MARGIN + 10, left - len))} ${n(y)}`, 18);
    }
  } else if (kind === 'jump') {
    const y = Math.min(1024 - MARGIN - 30, p.y + halfH + 40);
    for (const dx of [-0.45, 0, 0.45]) {
      const x = p.x + dx * halfW;
      line(`M${n(x - 40)} ${n(y + 30)}Q${n(x)} ${n(y - 20)} ${n(x + 40)} ${n(y + 30)}`, 14);
    }
  } else if (kind === 'fly') {
    const y = Math.min(1024 - MARGIN - 40, p.y + halfH * 0.6);
    line(
      `M${n(left)} ${n(y - 60)}C${n(left - 80)} ${n(y - 20)} ${n(left - 40)} ${n(y + 50)} ${n(Math.max(MARGIN + 10, left - 160))} ${n(y + 40)}`,
      16,
    );
    line(`M${n(left + 20)} ${n(y + 30)}L${n(Math.max(MARGIN + 10, left - 120))} ${n(y + 90)}`, 14);
  } else {
    const y = Math.min(1024 - MARGIN - 40, p.y + halfH * 0.75);
    let d = `M${n(p.x - halfW - 40)} ${n(y)}`;
    for (let i = 0; i < 6; i++) {
      const x = p.x - halfW - 40 + (i + 1) * ((2 * halfW + 80) / 6);
      d += `Q${n(x - (halfW + 40) / 6)} ${n(y + (i % 2 ? 28 : -28))} ${n(x)} ${n(y)}`;
    }
    line(d, 16);
  }
  // A subject facing the other way leaves its marks on the other side.
  const art = marksOnRight(p)
    ? `<g transform="translate(${n(2 * p.x)} 0) scale(-1 1)">${strokes.join('')}</g>`
    : `<g>${strokes.join('')}</g>`;
  // The marks carry their own white edge, so their outline for themes is empty.
  return { kind: 'shape', outline: '', art };
}

/**
 * Motion marks go behind the subject. Emoji face left (the Unicode convention the fluent set
 * follows: a running dog or person runs to the left), so behind them is the right; mirrored, the
 * left. The one-colour sets face either way; their marks stay on the left unless mirrored.
 */
function marksOnRight(p: Pick<Placed, 'art' | 'flip'>): boolean {
  return p.art.kind === 'color' ? !p.flip : p.flip;
}

/** Keeps a placed icon (rotated, with outline room) inside the canvas margin. */
function clampInside(p: Placed): void {
  const m = iconMetrics(p.art);
  const k = p.size / Math.max(m.w, m.h);
  const half = (Math.hypot(m.w, m.h) * k) / 2;
  const lo = MARGIN + half;
  const hi = 1024 - MARGIN - half;
  if (lo > hi) {
    p.x = 512;
    p.y = 512;
    return;
  }
  p.x = Math.min(hi, Math.max(lo, p.x));
  p.y = Math.min(hi, Math.max(lo, p.y));
}
