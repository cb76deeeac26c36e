// The outer outline of a one-colour icon: its outermost sub-paths only, so the holes of the
// shape (a lighthouse's windows, a chest's panels) can be filled with a second colour.
import svgpath from 'svgpath';

type Box = { x0: number; y0: number; x1: number; y1: number };

function boxOf(segments: (string | number)[][]): Box {
  const box = { x0: Number.POSITIVE_INFINITY, y0: Number.POSITIVE_INFINITY, x1: -Infinity, y1: -Infinity };
  for (const seg of segments) {
    // After abs/unshort/unarc every segment is M, L, H, V, C, Q or Z with absolute numbers.
    const cmd = seg[0];
    const nums = seg.slice(1) as number[];
    if (cmd === 'H') {
      box.x0 = Math.min(box.x0, nums[0]);
      box.x1 = Math.max(box.x1, nums[0]);
      continue;
    }
    if (cmd === 'V') {
      box.y0 = Math.min(box.y0, nums[0]);
      box.y1 = Math.max(box.y1, nums[0]);
      continue;
    }
    for (let i = 0; i + 1 < nums.length; i += 2) {
      box.x0 = Math.min(box.x0, nums[i]);
      box.x1 = Math.max(box.x1, nums[i]);
      box.y0 = Math.min(box.y0, nums[i + 1]);
      box.y1 = Math.max(box.y1, nums[i + 1]);
    }
  }
  return box;
}

const inside = (a: Box, b: Box) => a.x0 >= b.x0 && a.y0 >= b.y0 && a.x1 <= b.x1 && a.y1 <= b.y1;
const area = (b: Box) => (b.x1 - b.x0) * (b.y1 - b.y0);

/** A path `d` of the icon's outermost sub-paths, or null when the body is not plain paths. */
export function plateOf(body: string): string | null {
  if (/<(circle|rect|ellipse|polygon|use|image)\b|transform=/.test(body)) return null;
  const subpaths: { segments: (string | number)[][]; box: Box }[] = [];
  for (const match of body.matchAll(/\sd="([^"]+)"/g)) {
    let current: (string | number)[][] = [];
    svgpath(match[1])
      .abs()
      .unshort()
      .unarc()
      .iterate((segment) => {
        if (segment[0] === 'M' && current.length > 0) {
          subpaths.push({ segments: current, box: boxOf(current) });
          current = [];
        }
        current.push([...segment]);
      });
    if (current.length > 0) subpaths.push({ segments: current, box: boxOf(current) });
  }
  if (subpaths.length === 0) return null;
  const outer = subpaths.filter(
    (s) => !subpaths.some((o) => o !== s && area(o.box) > area(s.box) && inside(s.box, o.box)),
  );
  const round = (v: string | number) => (typeof v === 'number' ? Math.round(v * 100) / 100 : v);
  return outer
    .map((s) =>
      s.segments
        .map((seg) => `${seg[0]}${seg.slice(1).map(round).join(' ')}`)
        .join('')
        .concat('Z'),
    )
    .join('');
}
