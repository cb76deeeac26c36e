// Every line a plan sells (core's PLANS, the one list /pricing, the FAQ and the landing page show)
// is walked here and asked of the running product for a member on that plan; a line a plan also
// gives to the plans above it is asked of those too, and refused one plan below where it starts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INHERITED_FEATURES, PLANS, type PlanFeatureId } from '../../src/core/catalog';
import { maxDownloadSize, TIERS, type Tier } from '../../src/core/tiers';
import { queuedGenerations } from '../../src/server/generation/service';
import { createTestApp, signUp, type TestApp } from '../helpers/app';
import { scriptedProvider } from '../helpers/fake-provider';
import { setMonthUsage, setTier } from '../helpers/members';
import { addPicture } from '../image-files/support';

let t: TestApp;
let png: Buffer;
// A public picture of 'a blue ring' (addPicture's prompt), for Explore and downloads.
let ringId: string;

beforeAll(async () => {
  // Jobs are only queued (no workers): the checks read what a request is answered and how it
  // queues (the order the jobs run in is tests/scale/priority.test.ts's).
  t = await createTestApp({
    env: { WORKERS: '0' },
    overrides: { imageProvider: scriptedProvider(), background: false },
  });
  const { default: sharp } = await import('sharp');
  png = await sharp({ create: { width: 1024, height: 1024, channels: 4, background: '#2563eb' } })
    .png()
    .toBuffer();
  ringId = await addPicture(t, { userId: (await signUp(t)).user.id, png, privacy: 'public' });
});
afterAll(() => t?.close());

async function member(tier: Tier, used = 0) {
  const m = await signUp(t);
  await setTier(t, m.user.id, tier);
  if (used) {
    await setMonthUsage(t, m.user.id, used);
  }
  return m;
}

const generate = (cookie: string, body: Record<string, unknown>) =>
  t.request('/api/generations', { method: 'POST', cookie, json: { prompt: 'a happy cactus', ...body } });

/** Included on the plan: the request is taken and costs no credit (these members have none). */
async function included(cookie: string, body: Record<string, unknown>) {
  const res = await generate(cookie, body);
  return res.status === 202 && (await res.json()).totalCost === 0;
}

/** Does the product give this line to a member on `tier`? */
const DOES: Record<PlanFeatureId, (tier: Tier) => Promise<boolean>> = {
  async 'monthly-images'(tier) {
    const limit = PLANS.find((p) => p.tier === tier)!.imagesPerMonth;
    // One left: taken; then the month is full and, with no credits, the next is refused.
    const m = await member(tier, limit === null ? 10_000 : limit - 1);
    if (!(await included(m.cookie, {}))) return false;
    const next = await generate(m.cookie, {});
    return limit === null ? next.status === 202 : (await next.json()).error?.code === 'monthly_limit_reached';
  },
  async resolution(tier) {
    const m = await member(tier);
    const max = maxDownloadSize(tier);
    const at = await t.request(`/images/${ringId}/download?format=png&size=${max}`, { cookie: m.cookie });
    if (at.status !== 200) return false;
    if (max >= 2048) return true;
    const above = await t.request(`/images/${ringId}/download?format=png&size=${max * 2}`, {
      cookie: m.cookie,
    });
    return above.status === 403;
  },
  async 'explore-search-sort'(tier) {
    const m = await member(tier);
    const res = await t.request('/api/gallery?q=ring&sort=oldest', { cookie: m.cookie });
    return res.status === 200 && (await res.json()).items.some((i: { id: string }) => i.id === ringId);
  },
  async 'premium-options'(tier) {
    return included((await member(tier)).cookie, { theme: 'comic', quality: 'high' });
  },
  async 'private-pictures'(tier) {
    return included((await member(tier)).cookie, { privacy: 'private' });
  },
  async 'advanced-prompts'(tier) {
    // Suggest answers 3 improved prompts (offline: from the composer's words); below Basic, 403.
    const m = await member(tier);
    const res = await t.request('/api/prompts/suggest', {
      method: 'POST',
      cookie: m.cookie,
      json: { prompt: 'a happy cactus' },
    });
    return res.status === 200 && (await res.json()).suggestions.length === 3;
  },
  async variations(tier) {
    const res = await generate((await member(tier)).cookie, { count: 4 });
    return res.status === 202 && (await res.json()).variations.length === 4;
  },
  async 'custom-styles'(tier) {
    const m = await member(tier);
    const body = { name: 'Ocean', theme: 'watercolor', palette: 'forest', words: 'soft morning light' };
    return (await t.request('/api/styles', { method: 'POST', cookie: m.cookie, json: body })).status === 201;
  },
  async 'art-direction'(tier) {
    // Taken with every control set (and refused with 403 below Premium, credits or not).
    const m = await member(tier);
    const artDirection = {
      composition: 'scene',
      outline: 'bold',
      colours: 'few',
      background: 'scene',
      viewpoint: 'top',
    };
    return included(m.cookie, { artDirection });
  },
  async 'api-access'(tier) {
    const m = await member(tier);
    return (
      (await t.request('/api/keys', { method: 'POST', cookie: m.cookie, json: { name: 'CI' } })).status ===
      201
    );
  },
  async priority(tier) {
    // A Free member's job first, then this plan's: does the later one go ahead in the queue?
    const first = await generate((await member('free')).cookie, {});
    const later = await generate((await member(tier)).cookie, {});
    const [a, b] = [(await first.json()).id, (await later.json()).id];
    const queue = await queuedGenerations(t.deps.database.db);
    const priority = (id: string) => queue.find((job) => job.id === id)!.priority;
    return priority(b) > priority(a);
  },
  async 'team-management'(tier) {
    // The owner invites a colleague to one of the plan's seats.
    const m = await member(tier);
    const email = `colleague-${crypto.randomUUID()}@example.com`;
    const res = await t.request('/api/team/invitations', {
      method: 'POST',
      cookie: m.cookie,
      json: { email },
    });
    return res.status === 201;
  },
};

describe('every plan does what its list says', () => {
  for (const plan of PLANS) {
    const rank = TIERS.indexOf(plan.tier);
    for (const feature of plan.features) {
      const inherited = INHERITED_FEATURES.includes(feature.id);
      it(`${plan.name}: ${feature.text}${inherited ? ' (and every plan above; not below)' : ''}`, async () => {
        expect(await DOES[feature.id](plan.tier), `${plan.name} does "${feature.text}"`).toBe(true);
        if (!inherited) return;
        for (const above of TIERS.slice(rank + 1)) {
          expect(await DOES[feature.id](above), `${above} also does "${feature.text}"`).toBe(true);
        }
        if (rank > 0) {
          const below = TIERS[rank - 1];
          expect(await DOES[feature.id](below), `${below} does not do "${feature.text}"`).toBe(false);
        }
      }, 60_000);
    }
  }
});
