// Suggest (POST /api/prompts/suggest): three improved prompts for an idea, Basic and above, free
// of credits and of the month's count. Without OpenAI they come from the composer's own words:
// the same idea gets the same three, and the composer draws each of them.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandom, planPrompt } from '../../src/composer';
import { SUGGEST_IDEA_MAX_LENGTH } from '../../src/core/prompt';
import { getBalance } from '../../src/server/credits/service';
import { imageUsage } from '../../src/server/db/schema';
import { createTestApp, signUp, type TestApp } from '../helpers/app';
import { grantCredits, setTier } from '../helpers/members';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WORKERS: '0' }, overrides: { background: false } });
});
afterAll(() => t?.close());

async function member(tier: 'free' | 'basic' | 'premium' | 'enterprise') {
  const m = await signUp(t);
  await setTier(t, m.user.id, tier);
  return m;
}

const suggest = (cookie: string | undefined, body: unknown) =>
  t.request('/api/prompts/suggest', { method: 'POST', ...(cookie ? { cookie } : {}), json: body });

describe('who may ask', () => {
  it('a visitor is asked to sign in', async () => {
    const res = await suggest(undefined, { prompt: 'a cat' });
    expect(res.status).toBe(401);
  });

  it('Free is refused with 403 plan_required naming Basic', async () => {
    const { cookie } = await member('free');
    const res = await suggest(cookie, { prompt: 'a cat' });
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body.error.code).toBe('plan_required');
    expect(body.error.message).toMatch(/\bBasic\b/);
  });

  for (const tier of ['basic', 'premium', 'enterprise'] as const) {
    it(`${tier} gets 3 suggestions`, async () => {
      const { cookie } = await member(tier);
      const res = await suggest(cookie, { prompt: 'a cat' });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toContain('no-store');
      const { suggestions } = await res.json();
      expect(suggestions).toHaveLength(3);
    });
  }

  it('costs no credit and does not count in the month', async () => {
    const { cookie, user } = await member('basic');
    await grantCredits(t, user.id, 2);
    expect((await suggest(cookie, { prompt: 'a lighthouse' })).status).toBe(200);
    expect(await getBalance(t.deps.database.db, user.id)).toBe(2);
    const usage = await t.deps.database.db.select().from(imageUsage).where(eq(imageUsage.userId, user.id));
    expect(usage.reduce((sum, row) => sum + row.count, 0)).toBe(0);
  });
});

describe('what is refused', () => {
  it('an empty or blank idea is a 400 with the generator’s message', async () => {
    const { cookie } = await member('basic');
    for (const body of [{ prompt: '' }, { prompt: '   \n ' }, {}]) {
      const res = await suggest(cookie, body);
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe('Please enter a description');
    }
  });

  it(`an idea longer than ${SUGGEST_IDEA_MAX_LENGTH} characters is a 400 naming the limit`, async () => {
    const { cookie } = await member('basic');
    const res = await suggest(cookie, { prompt: `a cat ${'very '.repeat(120)}` });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toContain(String(SUGGEST_IDEA_MAX_LENGTH));
    // Surrounding spaces do not count (the prompt rule trims first).
    const padded = await suggest(cookie, { prompt: `${' '.repeat(600)}a cat` });
    expect(padded.status).toBe(200);
  });

  it('an idea the content filter declines is a 422, as Generate would answer', async () => {
    const { cookie } = await member('basic');
    const res = await suggest(cookie, { prompt: 'a porn cat' });
    expect(res.status).toBe(422);
    expect((await res.json()).error.code).toBe('prompt_declined');
  });

  it('an idea the composer cannot draw is a 422 naming the word', async () => {
    const { cookie } = await member('basic');
    const res = await suggest(cookie, { prompt: 'a zorblax' });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.error.code).toBe('prompt_not_drawable');
    expect(body.error.message).toContain('"zorblax"');
  });
});

describe('offline suggestions', () => {
  const IDEAS = [
    'a cat',
    'Robot assistant',
    'lighthouse',
    'Underwater scene',
    'two dogs playing',
    'Superhero',
  ];

  it('the same idea gets the same three, each different and richer than the idea', async () => {
    const { cookie } = await member('basic');
    for (const prompt of IDEAS) {
      const first = (await (await suggest(cookie, { prompt })).json()).suggestions as string[];
      const again = (await (await suggest(cookie, { prompt })).json()).suggestions as string[];
      expect(again, prompt).toEqual(first);
      expect(new Set(first).size, prompt).toBe(3);
      for (const s of first) {
        expect(s, prompt).not.toBe(prompt);
        expect(s.length, prompt).toBeGreaterThan(prompt.length);
      }
    }
  });

  it('the composer draws every suggestion, with the colour, setting and pose it names', async () => {
    const { cookie } = await member('basic');
    for (const prompt of IDEAS) {
      const { suggestions } = (await (await suggest(cookie, { prompt })).json()) as { suggestions: string[] };
      for (const s of suggestions) {
        // planPrompt throws ComposerMiss for a prompt it would refuse to draw.
        const plan = planPrompt(s, createRandom(7));
        expect(plan.subject, s).toBeTruthy();
        // Something the idea did not have is drawn: a colour, a backdrop, a motion or a thing held.
        const idea = planPrompt(prompt, createRandom(7));
        const richer =
          (plan.colour !== null && idea.colour === null) ||
          (plan.scene !== null && idea.scene === null) ||
          (plan.motion !== null && idea.motion === null) ||
          (plan.partner !== null && idea.partner === null) ||
          plan.scale !== idea.scale;
        expect(richer, s).toBe(true);
      }
    }
  });

  it('“a cat” becomes a cat with a colour, a pose or thing held, and a setting', async () => {
    const { cookie } = await member('basic');
    const { suggestions } = (await (await suggest(cookie, { prompt: 'a cat' })).json()) as {
      suggestions: string[];
    };
    for (const s of suggestions) {
      expect(s).toMatch(/\bcat\b/);
      const plan = planPrompt(s, createRandom(3));
      expect(plan.colour, s).not.toBeNull();
      expect(plan.scene, s).not.toBeNull();
      expect(plan.motion !== null || plan.partner !== null, s).toBe(true);
    }
  });
});

describe('rate limit', () => {
  it('the 21st suggestion in a minute is a 429 with Retry-After', async () => {
    const limited = await createTestApp({
      env: { WORKERS: '0', RATE_LIMIT: 'true' },
      overrides: { background: false },
    });
    try {
      const m = await signUp(limited);
      await setTier(limited, m.user.id, 'basic');
      for (let i = 0; i < 20; i++) {
        const res = await limited.request('/api/prompts/suggest', {
          method: 'POST',
          cookie: m.cookie,
          json: { prompt: 'a cat' },
        });
        expect(res.status).toBe(200);
      }
      const res = await limited.request('/api/prompts/suggest', {
        method: 'POST',
        cookie: m.cookie,
        json: { prompt: 'a cat' },
      });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });
});
