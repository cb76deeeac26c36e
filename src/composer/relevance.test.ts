// The relevance suite: ≥ 60 everyday prompts, each with the art that counts as drawing it.
import { describe, expect, it } from 'vitest';
import { ComposerMiss, getLexicon, planPrompt } from './index';
import { createRandom } from './random';
import { RELEVANCE_CASES, type RelevanceCase } from './relevance';

type Verdict = { prompt: string; relevant: boolean; why: string };

function judge(c: RelevanceCase): Verdict {
  let plan: ReturnType<typeof planPrompt>;
  try {
    plan = planPrompt(c.prompt, createRandom(1));
  } catch (error) {
    if (error instanceof ComposerMiss)
      return { prompt: c.prompt, relevant: false, why: `miss: ${error.words}` };
    throw error;
  }
  const drawn = plan.subjects.map((s) => s.art);
  const problems: string[] = [];
  if (!c.accept.includes(drawn[0])) problems.push(`subject ${drawn[0]}`);
  for (const list of c.accents ?? []) {
    if (!drawn.slice(1).some((a) => list.includes(a))) problems.push(`no accent of ${list[0]}…`);
  }
  if (c.motion && plan.motion !== c.motion) problems.push(`motion ${plan.motion}`);
  if (c.colour && plan.colour !== c.colour) problems.push(`colour ${plan.colour}`);
  if (c.size === 'small' && !(plan.scale < 1)) problems.push(`scale ${plan.scale}`);
  if (c.size === 'large' && !(plan.scale > 1)) problems.push(`scale ${plan.scale}`);
  return { prompt: c.prompt, relevant: problems.length === 0, why: problems.join(', ') };
}

describe('composer relevance suite', () => {
  it('has at least 60 prompts of every kind the issue names', () => {
    expect(RELEVANCE_CASES.length).toBeGreaterThanOrEqual(60);
    const kinds = new Set(RELEVANCE_CASES.map((c) => c.kind));
    expect([...kinds].sort()).toEqual(['action', 'colour', 'everyday', 'no-emoji', 'people']);
  });

  it('names only art that exists in the index', () => {
    const lexicon = getLexicon();
    const unknown = RELEVANCE_CASES.flatMap((c) => [...c.accept, ...(c.accents ?? []).flat()]).filter(
      (id) => !lexicon.artById.has(id),
    );
    expect(unknown).toEqual([]);
  });

  it('reports what it drew for every prompt: the word, the art name and "<set>:<icon>"', () => {
    const lexicon = getLexicon();
    for (const c of RELEVANCE_CASES) {
      const plan = planPrompt(c.prompt, createRandom(1));
      expect(plan.subjects.length, c.prompt).toBeGreaterThan(0);
      for (const s of plan.subjects) {
        const art = lexicon.artById.get(s.art);
        expect(art, `${c.prompt}: ${s.art}`).toBeDefined();
        expect(s.label).toBe(art?.label);
        expect(c.prompt.toLowerCase()).toContain(s.word.split(' ')[0].slice(0, 4));
      }
    }
  });

  it('draws every prompt of the suite relevantly', () => {
    // Every one, not a share: at 90 %, "a king" drawing a measuring ruler went unnoticed.
    const misses = RELEVANCE_CASES.map(judge).filter((v) => !v.relevant);
    expect(misses.map((m) => `${m.prompt}: ${m.why}`)).toEqual([]);
  });
});
