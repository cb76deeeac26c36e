// Members for integration tests: signed up as a person would, then put on a plan through the
// product's one plan writer (changePlan), with credits from the ledger and a month's usage.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { GeneratedImageView, GenerationStatus } from '../../src/core/api';
import { monthKey } from '../../src/core/month';
import type { Tier } from '../../src/core/tiers';
import { addCredits } from '../../src/server/credits/service';
import { imageUsage, memberships } from '../../src/server/db/schema';
import { changePlan } from '../../src/server/membership/service';
import { signUp, type TestApp } from './app';

export type Member = Awaited<ReturnType<typeof signUp>>;

/** Puts a member on a plan as an operator's `tier:set` does: no billing period, with every consequence. */
export async function setTier(app: TestApp, userId: string, tier: Tier): Promise<void> {
  await changePlan(app.deps.database.db, { userId, change: { kind: 'operator', tier } });
}

/** Grants credits through the ledger. */
export async function grantCredits(app: TestApp, userId: string, amount: number, description = 'test') {
  await addCredits(app.deps.database.db, { userId, amount, type: 'grant', description });
}

/** Sets this month's picture count, as if the member had already made that many. */
export async function setMonthUsage(app: TestApp, userId: string, count: number) {
  await app.deps.database.db
    .insert(imageUsage)
    .values({ userId, month: monthKey(), count })
    .onConflictDoUpdate({ target: [imageUsage.userId, imageUsage.month], set: { count } });
}

/**
 * Writes the stored tier without changePlan, so none of its consequences run: the state a plan
 * that ran out leaves behind before any request notices. Only for tests of that state.
 */
export async function overwriteStoredTier(app: TestApp, userId: string, tier: Tier) {
  await app.deps.database.db
    .update(memberships)
    .set({ tier, status: 'active' })
    .where(eq(memberships.userId, userId));
}

/** A signed-in member (cookie) of any plan, with optional credits and monthly usage. */
export async function member(
  app: TestApp,
  opts: { tier?: Tier; credits?: number; used?: number; email?: string } = {},
): Promise<Member> {
  const signedUp = await signUp(app, opts.email);
  if (opts.tier && opts.tier !== 'free') await setTier(app, signedUp.user.id, opts.tier);
  if (opts.used) await setMonthUsage(app, signedUp.user.id, opts.used);
  if (opts.credits) await grantCredits(app, signedUp.user.id, opts.credits);
  return signedUp;
}

/**
 * Asks for a generation as the signed-in member, expects it accepted (202), waits for its job and
 * thumbnails, and answers its status.
 */
export async function generate(
  app: TestApp,
  who: Pick<Member, 'cookie'>,
  request: Record<string, unknown>,
): Promise<GenerationStatus> {
  const { cookie } = who;
  const res = await app.request('/api/generations', { method: 'POST', cookie, json: request });
  expect(res.status, await res.clone().text()).toBe(202);
  const { id } = (await res.json()) as { id: string };
  await app.deps.jobs.idle();
  await app.deps.thumbnails.drain();
  return (await (await app.request(`/api/generations/${id}`, { cookie })).json()) as GenerationStatus;
}

/** As generate, and expects the picture made; answers the status, whose image is then there. */
export async function generateImage(
  app: TestApp,
  who: Pick<Member, 'cookie'>,
  request: Record<string, unknown>,
): Promise<GenerationStatus & { image: GeneratedImageView }> {
  const status = await generate(app, who, request);
  expect(status.status).toBe('succeeded');
  return { ...status, image: status.image! };
}
