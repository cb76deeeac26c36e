// The fallback when no word matches: a tasteful abstract badge whose shape, motif and palette
// come from the prompt's words' hash, so "xqzt blorp" always gets the same badge.
import { n, type Random } from './random';

export type Badge = {
  /** Outer outline path (canvas coordinates), used for die-cuts, ink outlines and shadows. */
  outline: string;
  /** The badge in colour. */
  art: string;
};

const BADGE_PALETTES = [
  ['#264653', '#2a9d8f', '#e9c46a', '#f4a261', '#e76f51'],
  ['#3d348b', '#7678ed', '#f7b801', '#f18701', '#f35b04'],
  ['#22223b', '#4a4e69', '#9a8c98', '#c9ada7', '#f2e9e4'],
  ['#006d77', '#83c5be', '#edf6f9', '#ffddd2', '#e29578'],
  ['#5f0f40', '#9a031e', '#fb8b24', '#e36414', '#0f4c5c'],
  ['#1b4332', '#40916c', '#95d5b2', '#d8f3dc', '#ffb703'],
];

function polygon(cx: number, cy: number, r: number, sides: number, rotation: number): string {
  let d = '';
  for (let i = 0; i < sides; i++) {
    const a = rotation + (i / sides) * Math.PI * 2;
    d += `${i === 0 ? 'M' : 'L'}${n(cx + Math.cos(a) * r)} ${n(cy + Math.sin(a) * r)}`;
  }
  return `${d}Z`;
}

function star(
  cx: number,
  cy: number,
  outer: number,
  inner: number,
  points: number,
  rotation: number,
): string {
  let d = '';
  for (let i = 0; i < points * 2; i++) {
    const a = rotation + (i / (points * 2)) * Math.PI * 2;
    const r = i % 2 === 0 ? outer : inner;
    d += `${i === 0 ? 'M' : 'L'}${n(cx + Math.cos(a) * r)} ${n(cy + Math.sin(a) * r)}`;
  }
  return `${d}Z`;
}

function rosette(cx: number, cy: number, r: number, bumps: number): string {
  let d = '';
  const steps = bumps * 8;
  for (let i = 0; i <= steps; i++) {
    const a = (i / steps) * Math.PI * 2;
    const rr = r * (0.94 + 0.06 * Math.cos(a * bumps));
    d += `${i === 0 ? 'M' : 'L'}${n(cx + Math.cos(a) * rr)} ${n(cy + Math.sin(a) * rr)}`;
  }
  return `${d}Z`;
}

export function createBadge(rng: Random): Badge {
  const c = 512;
  const r = 340;
  const [dark, mid, light, warm, hot] = rng.pick(BADGE_PALETTES);
  const kind = rng.int(0, 3);
  const outline =
    kind === 0
      ? polygon(c, c, r, 6, -Math.PI / 2)
      : kind === 1
        ? rosette(c, c, r, rng.int(14, 20))
        : kind === 2
          ? polygon(c, c, r * 1.05, 8, Math.PI / 8)
          : `M${c - r} ${c}a${r} ${r} 0 1 0 ${r * 2} 0a${r} ${r} 0 1 0 ${-r * 2} 0Z`;
  const parts: string[] = [`<path d="${outline}" fill="${dark}"/>`];
  parts.push(
    `<circle cx="${c}" cy="${c}" r="${n(r * 0.84)}" fill="none" stroke="${light}" stroke-width="10" stroke-dasharray="${rng.pick(['2 18', '30 14', '0'])}" stroke-linecap="round"/>`,
  );
  parts.push(`<circle cx="${c}" cy="${c}" r="${n(r * 0.74)}" fill="${mid}"/>`);
  const motif = rng.int(0, 2);
  if (motif === 0) {
    const rays = rng.int(10, 18);
    for (let i = 0; i < rays; i++) {
      const a = (i / rays) * Math.PI * 2;
      const b = a + Math.PI / rays;
      parts.push(
        `<path d="M${c} ${c}L${n(c + Math.cos(a) * r * 0.74)} ${n(c + Math.sin(a) * r * 0.74)}A${n(r * 0.74)} ${n(r * 0.74)} 0 0 1 ${n(c + Math.cos(b) * r * 0.74)} ${n(c + Math.sin(b) * r * 0.74)}Z" fill="${warm}" opacity="0.45"/>`,
      );
    }
  } else if (motif === 1) {
    for (let i = 0; i < 4; i++)
      parts.push(
        `<circle cx="${c}" cy="${c}" r="${n(r * (0.66 - i * 0.12))}" fill="none" stroke="${i % 2 ? warm : light}" stroke-width="12" opacity="0.7"/>`,
      );
  } else {
    for (let i = -3; i <= 3; i++) {
      parts.push(
        `<path d="M${n(c - r * 0.6)} ${n(c + i * 56 + 28)}l${n(r * 0.6)} -46l${n(r * 0.6)} 46" fill="none" stroke="${light}" stroke-width="12" stroke-linejoin="round" opacity="0.35"/>`,
      );
    }
    parts.push(`<path d="${outline}" fill="none"/>`);
  }
  parts.push(`<circle cx="${c}" cy="${c}" r="${n(r * 0.4)}" fill="${light}"/>`);
  const points = rng.int(4, 8);
  parts.push(
    `<path d="${star(c, c, r * 0.32, r * rng.range(0.12, 0.18), points, -Math.PI / 2)}" fill="${hot}"/>`,
  );
  parts.push(`<circle cx="${c}" cy="${c}" r="${n(r * 0.06)}" fill="${light}"/>`);
  for (let i = 0; i < 3; i++) {
    const a = -Math.PI / 2 + (i - 1) * 0.5;
    parts.push(
      `<circle cx="${n(c + Math.cos(a + Math.PI) * r * 0.92 * -1)}" cy="${n(c + Math.sin(a) * r * 0.92)}" r="9" fill="${light}"/>`,
    );
  }
  // The motif may spill over the inner disc: keep it inside the outline.
  return { outline, art: parts.join('') };
}
