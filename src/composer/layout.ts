// Where things go: the subject near the centre, accents in free corners, all kept inside the
// canvas with room for outlines and shadows (the image check rejects clipped pictures).
import type { ThemeId } from '../core/options';
import { iconMetrics, type Placed } from './art';
import { type Badge, createBadge } from './badge';
import type { Plan } from './match';
import type { Random } from './random';
import { SCENE_CENTER, SCENE_RADIUS, type SceneId, sceneBackdrop } from './scenes';

export type Item = { kind: 'icon'; placed: Placed } | { kind: 'shape'; outline: string; art: string };

export type Layout = {
  scene: { id: SceneId; item: Item & { kind: 'shape' } } | null;
  subject: Item;
  accents: Placed[];
  badge: Badge | null;
};

/** Accents a theme adds when neither the prompt nor a scene suggests any. */
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

export function buildLayout(plan: Plan, theme: ThemeId, rng: Random, badgeRng: Random): Layout {
  let scene: Layout['scene'] = null;
  if (plan.scene) {
    const art = `<clipPath id="scene-clip"><path d="${circlePath(SCENE_CENTER, SCENE_CENTER, SCENE_RADIUS)}"/></clipPath><g clip-path="url(#scene-clip)">${sceneBackdrop(plan.scene, rng, 'scene-')}</g>`;
    scene = {
      id: plan.scene,
      item: { kind: 'shape', outline: circlePath(SCENE_CENTER, SCENE_CENTER, SCENE_RADIUS), art },
    };
  }

  if (!plan.subject) {
    const badge = createBadge(badgeRng);
    return { scene, subject: { kind: 'shape', outline: badge.outline, art: badge.art }, accents: [], badge };
  }

  const size = scene ? rng.range(500, 560) : rng.range(580, 640);
  const subject: Placed = {
    name: plan.subject,
    x: 512 + rng.range(-16, 16),
    y: (scene ? 548 : 520) + rng.range(-12, 12),
    size,
    rotate: theme === 'pixel' ? 0 : rng.range(-6, 6),
    flip: !plan.face && rng.chance(0.3),
    face: plan.face,
  };
  clampInside(subject);

  const fillers = [...plan.sceneAccents, ...rng.shuffle(THEME_ACCENTS[theme])].filter(
    (a) => a !== plan.subject && !plan.namedAccents.includes(a),
  );
  const wanted =
    plan.namedAccents.length > 0 ? plan.namedAccents.length : theme === 'abstract' ? 0 : rng.int(1, 2);
  const names = [...plan.namedAccents, ...fillers].slice(0, Math.max(wanted, plan.namedAccents.length));

  // Corners around the subject, diagonals first so accents frame rather than cover it.
  const slots = rng.shuffle([-45, 135]).concat(rng.shuffle([-135, 45]));
  const accents: Placed[] = names.map((name, i) => {
    const named = i < plan.namedAccents.length;
    const angle = (slots[i % slots.length] * Math.PI) / 180;
    const distance = rng.range(330, 370);
    const placed: Placed = {
      name,
      x: 512 + Math.cos(angle) * distance,
      y: 512 + Math.sin(angle) * distance,
      size: named ? rng.range(250, 290) : rng.range(170, 215),
      rotate: rng.range(-18, 18),
      flip: rng.chance(0.3),
    };
    clampInside(placed);
    return placed;
  });

  return { scene, subject: { kind: 'icon', placed: subject }, accents, badge: null };
}

/** Keeps a placed icon (rotated, with outline room) inside the canvas margin. */
function clampInside(p: Placed): void {
  const m = iconMetrics(p.name);
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
