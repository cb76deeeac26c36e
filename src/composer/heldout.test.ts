// The held-out set is only worth its verdicts if each round is new: a prompt the suite or an
// earlier round already had was tuned on, and its verdict measures nothing.
import { describe, expect, it } from 'vitest';
import { HELDOUT_ROUNDS } from './heldout';
import { DEVELOPMENT_PROMPTS, RELEVANCE_CASES } from './relevance';

const normal = (prompt: string) => prompt.toLowerCase().replace(/^(a|an|the) /, '');

describe('composer held-out set', () => {
  it('the latest round has 80 prompts, 5 in each category, none the suite or an earlier round has', () => {
    const latest = HELDOUT_ROUNDS.at(-1) ?? [];
    const earlier = new Set(
      [
        ...RELEVANCE_CASES.map((c) => c.prompt),
        ...DEVELOPMENT_PROMPTS,
        ...HELDOUT_ROUNDS.slice(0, -1).flatMap((round) => round.map((p) => p.prompt)),
      ].map(normal),
    );
    expect(latest).toHaveLength(80);
    expect(new Set(latest.map((p) => normal(p.prompt))).size).toBe(80);
    expect(latest.filter((p) => earlier.has(normal(p.prompt)))).toEqual([]);
    const perCategory = new Map<string, number>();
    for (const p of latest) perCategory.set(p.category, (perCategory.get(p.category) ?? 0) + 1);
    expect([...perCategory.values()]).toEqual(Array(16).fill(5));
  });
});
