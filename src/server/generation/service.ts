// Creating, reading, failing and sweeping generation jobs. Money and quota move only here and
// only inside transactions; see docs/decisions/004-credit-ledger.md.
import { randomInt, randomUUID } from 'node:crypto';
import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { GenerationCreated, GenerationRequest, GenerationStatus } from '../../core/api';
import { generationPermit } from '../../core/generation-permit';
import { isUuid } from '../../core/ids';
import { tierAt } from '../../core/membership';
import { MESSAGES } from '../../core/messages';
import { monthKey } from '../../core/month';
import { buildClipartPrompt, cleanPrompt } from '../../core/prompt';
import {
  jobPriority,
  openJobLimit,
  openJobsRetryAfterSeconds,
  tooManyOpenJobsMessage,
} from '../../core/queue';
import { ledgerDescription } from '../../core/user';
import { addCredits, getBalance, spendCredits } from '../credits/service';
import { type Database, queryRows, type Tx } from '../db/client';
import { generatedImages, generations, memberships, users } from '../db/schema';
import { AppError, notFound } from '../http/errors';
import type { JobRunner, QueuedJob } from '../jobs/runner';
import type { Logger } from '../logger';
import { stateOf, teamPlanColumns, teamPlanJoins } from '../membership/plan';
import { releaseUsage, reserveUsage } from '../membership/usage';
import { GENERATION_RATE_LIMIT, type RateLimiter } from '../platform/rate-limit';
import { findOwnStyle } from '../styles/service';
import type { GenerationEvents } from './events';
import type { Moderation } from './ports';
import { generationView } from './views';

/** A running job whose heartbeat is silent this long is presumed dead (its process crashed). */
export const STUCK_AFTER_MS = 5 * 60_000;

export const STUCK_MESSAGE = 'This generation stopped unexpectedly. Any credit it used has been refunded.';
export const EXPIRED_MESSAGE =
  'This generation waited too long for a worker and was cancelled. Any credit it used has been refunded.';
export const TIMED_OUT_MESSAGE =
  'This generation took too long and was stopped. Any credit it used has been refunded.';

/**
 * Queues the pictures one request asks for (1, or up to 4 variations on Premium and Enterprise):
 * each its own row, seed, job and cost, grouped by a batch id. All or nothing, in one transaction:
 * every picture is counted and paid for, or the request is refused and nothing is reserved.
 */
export async function createGeneration(
  deps: {
    db: Database;
    moderation: Moderation;
    events: GenerationEvents;
    jobs: JobRunner;
    rateLimiter: RateLimiter;
  },
  opts: { userId: string; request: GenerationRequest; now?: Date },
): Promise<GenerationCreated> {
  // Per member, whichever door (the app or /api/v1, any of the member's keys), before moderation
  // spends anything on the prompt.
  await deps.rateLimiter.hit(GENERATION_RATE_LIMIT, [`user:${opts.userId}`]);
  const { request } = opts;
  const count = request.count;
  // The prompt comes normalised by the request schema (core/prompt.ts normalisePrompt) and is stored
  // as it is (history and the gallery show it); only the cleaned one, without what it says about
  // the background, goes to the provider.
  const prompt = request.prompt;
  const cleanedPrompt = cleanPrompt(prompt);
  // A custom style's theme, palette and words are copied onto the job: editing or deleting the
  // style later changes neither a queued job nor a finished picture.
  const style = request.styleId ? await findOwnStyle(deps.db, opts.userId, request.styleId) : null;
  const theme = style?.theme ?? request.theme;
  const palette = style?.palette ?? null;
  const styleWords = style?.words || null;
  // Moderation runs before anything is reserved: a declined prompt costs nothing. It reads what was
  // typed (and the style's words, which go to the model too), since that is what other people may see.
  const verdict = await deps.moderation.check(styleWords ? `${prompt}\n${styleWords}` : prompt);
  if (!verdict.allowed) throw new AppError(422, 'prompt_declined', verdict.message);

  const batchId = randomUUID();
  const ids = Array.from({ length: count }, () => randomUUID());
  const seeds = distinctSeeds(count);
  const now = opts.now ?? new Date();
  const month = monthKey(now);
  const options = { theme, quality: request.quality, privacy: request.privacy };
  const batch = await deps.db.transaction(async (tx) => {
    // Reserving locks this month's usage row, so concurrent requests of one member queue here;
    // every picture is counted at once (a refusal below rolls the count back).
    const { used, tier, credits } = await reserveUsage(tx, opts.userId, month, opts.now, count);
    const entitlement = generationPermit({
      tier,
      imagesUsed: used,
      credits,
      options,
      count,
      withStyle: style !== null,
    });
    if (!entitlement.allowed) throw new AppError(entitlement.status, entitlement.code, entitlement.message);
    // The reservation above locks the member's usage row, so this count sees every job their
    // concurrent requests committed: the limit holds however many requests race.
    const open = await countOpenJobs(tx, opts.userId);
    const limit = openJobLimit(tier);
    if (open + count > limit) {
      const retryAfter = openJobsRetryAfterSeconds(open + count - limit);
      throw new AppError(429, 'too_many_open_jobs', tooManyOpenJobsMessage({ open, limit, retryAfter }), {
        'Retry-After': String(retryAfter),
      });
    }
    // Each picture pays its own credit, referenced by its own id, so a failure refunds only it.
    let spent = 0;
    for (const [n, cost] of entitlement.costs.entries()) {
      if (cost === 0) continue;
      const left = await spendCredits(tx, {
        userId: opts.userId,
        amount: cost,
        description: ledgerDescription(prompt),
        referenceId: ids[n],
      });
      if (left === null) {
        // A concurrent request spent the credit first: refuse with the message the balance now gives.
        const balance = (await getBalance(tx, opts.userId)) + spent;
        const again = generationPermit({
          tier,
          imagesUsed: used,
          credits: balance,
          options,
          count,
          withStyle: style !== null,
        });
        if (!again.allowed) throw new AppError(again.status, again.code, again.message);
        throw new AppError(402, 'premium_requires_credit', MESSAGES.premiumRequiresCredit);
      }
      spent += cost;
    }
    const finalPrompt = buildClipartPrompt(cleanedPrompt, theme, { palette, words: styleWords });
    await tx.insert(generations).values(
      ids.map((id, n) => ({
        id,
        userId: opts.userId,
        prompt,
        cleanedPrompt,
        finalPrompt,
        theme,
        palette,
        styleWords,
        quality: request.quality,
        privacy: request.privacy,
        seed: seeds[n],
        batchId,
        cost: entitlement.costs[n],
        usageMonth: month,
      })),
    );
    // Each picture's place counts the member's open jobs before it, its batch's earlier ones included.
    const queued = ids.map((id, n) => ({
      id,
      priority: jobPriority(tier, { queuedAt: now, openJobs: open + n }),
    }));
    // On pg-boss the queue entries commit with the rows: no job row without its queue entry.
    for (const job of queued) await deps.jobs.add(tx, job);
    return { queued, costs: entitlement.costs, total: entitlement.total };
  });
  for (const job of batch.queued) {
    deps.events.publish(job.id);
    deps.jobs.enqueue(job);
  }
  const variations = ids.map((id, n) => ({ id, status: 'queued' as const, cost: batch.costs[n] }));
  return { ...variations[0], batchId, variations, totalCost: batch.total };
}

/** A seed per picture, all different, so variations of one prompt differ. */
/**
 * A request's seeds: one random base whose two low bits are free, then base + 0, 1, 2, 3. The
 * composer picks a picture's facing and side from a seed's two low bits, so the variations of one
 * request always differ visibly (random seeds could repeat them).
 */
function distinctSeeds(count: number): number[] {
  // count ≤ MAX_VARIATIONS (4); the largest seed is 2^31 - 1, the column's int range.
  const base = randomInt(0, 2 ** 29) * 4;
  return Array.from({ length: count }, (_, i) => base + i);
}

export async function getGeneration(
  db: Database,
  opts: { id: string; userId: string },
): Promise<GenerationStatus> {
  const view = await findGenerationView(db, opts.id);
  // Someone else's job is reported as missing, so ids reveal nothing.
  if (!view || view.userId !== opts.userId) throw notFound('Generation not found');
  return view.status;
}

export async function findGenerationView(db: Database, id: string) {
  if (!isUuid(id)) return null;
  return (await findGenerationViews(db, [id])).get(id) ?? null;
}

/** Each job's owner and view, by id. */
export type GenerationViews = Map<string, { userId: string; status: GenerationStatus }>;

/** Jobs' views in one query (a job's own read, and the progress streams' shared re-read). */
export async function findGenerationViews(db: Database, ids: string[]): Promise<GenerationViews> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return new Map();
  const rows = await db
    .select({ job: generations, image: generatedImages })
    .from(generations)
    .leftJoin(generatedImages, eq(generatedImages.id, generations.imageId))
    .where(inArray(generations.id, valid));
  return new Map(
    rows.map((row) => [row.job.id, { userId: row.job.userId, status: generationView(row.job, row.image) }]),
  );
}

/**
 * Fails an open job exactly once: the conditional update picks the winner, and only the winner
 * releases the usage and refunds (the refund is also unique per generation in the ledger).
 */
export async function failGeneration(
  deps: { db: Database; events: GenerationEvents; logger: Logger },
  opts: {
    id: string;
    message: string /** Only a job that has made this many attempts. */;
    whenOutOfAttempts?: number;
  },
): Promise<boolean> {
  const failed = await deps.db.transaction(async (tx) => {
    const [job] = await tx
      .update(generations)
      .set({
        status: 'failed',
        error: opts.message,
        phase: null,
        finishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(generations.id, opts.id),
          inArray(generations.status, ['queued', 'running']),
          opts.whenOutOfAttempts === undefined
            ? undefined
            : gte(generations.attempts, opts.whenOutOfAttempts),
        ),
      )
      .returning();
    if (!job) return false;
    await releaseUsage(tx, job.userId, job.usageMonth);
    if (job.cost > 0) {
      await addCredits(tx, {
        userId: job.userId,
        amount: job.cost,
        type: 'refund',
        description: `Refund: ${ledgerDescription(job.prompt)}`,
        referenceId: job.id,
      });
    }
    return true;
  });
  if (failed) deps.events.publish(opts.id);
  return failed;
}

/**
 * Crash recovery for the in-process runner: fails and refunds RUNNING jobs whose heartbeat has been
 * silent for `stuckAfterMs` (the process that ran them stopped). A queued job is never failed for
 * waiting, however long the queue: it waits its turn. Returns how many were failed.
 */
export async function sweepStuckGenerations(
  deps: { db: Database; events: GenerationEvents; logger: Logger },
  now = new Date(),
  stuckAfterMs = STUCK_AFTER_MS,
): Promise<number> {
  const cutoff = new Date(now.getTime() - stuckAfterMs);
  const stuck = await deps.db
    .select({ id: generations.id })
    .from(generations)
    .where(and(eq(generations.status, 'running'), lt(generations.updatedAt, cutoff)));
  let swept = 0;
  for (const { id } of stuck) {
    if (await failGeneration(deps, { id, message: STUCK_MESSAGE })) swept++;
  }
  if (swept > 0) deps.logger.warn({ swept }, 'failed and refunded stuck generations');
  return swept;
}

/**
 * Crash recovery for pg-boss: fails and refunds open jobs (queued or running) that have no live
 * entry (created, retry or active) in pg-boss's queue. pg-boss archives an entry that waited
 * longer than the queue's retention (14 days) and one whose retries ran out; without this the job
 * row would stay open with its credit and monthly usage taken. The job row and its queue entry
 * commit in one transaction and a run settles the row before completing its entry, so an open
 * row without a live entry is never one a worker will still pick up. Safe in several processes
 * at once: failGeneration's conditional update lets exactly one of them refund.
 */
export async function settleUnqueuedGenerations(
  deps: { db: Database; events: GenerationEvents; logger: Logger },
  opts: { schema: string; queue: string },
): Promise<number> {
  const lost = await queryRows<{ id: string; status: string }>(
    deps.db,
    sql`select g.id, g.status from ${generations} g
      where g.status in ('queued', 'running')
        and not exists (
          select 1 from ${sql.identifier(opts.schema)}.job j
          where j.name = ${opts.queue} and j.state in ('created', 'retry', 'active')
            and j.data->>'id' = g.id::text
        )`,
  );
  let settled = 0;
  for (const { id, status } of lost) {
    const message = status === 'queued' ? EXPIRED_MESSAGE : STUCK_MESSAGE;
    if (await failGeneration(deps, { id, message })) settled++;
  }
  if (settled > 0) deps.logger.warn({ settled }, 'failed and refunded jobs the queue no longer holds');
  return settled;
}

/** Jobs of a member queued or running. */
async function countOpenJobs(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ open: count() })
    .from(generations)
    .where(and(eq(generations.userId, userId), inArray(generations.status, ['queued', 'running'])));
  return row.open;
}

/**
 * Queued jobs in the order they came, with their priority (the in-process runner's restart). A
 * job's place is worked out again as at its request, counting its member's earlier queued jobs as
 * open (the jobs that were running then are gone).
 */
export async function queuedGenerations(db: Database): Promise<QueuedJob[]> {
  const rows = await db
    .select({
      id: generations.id,
      userId: generations.userId,
      createdAt: generations.createdAt,
      ...teamPlanColumns,
    })
    .from(generations)
    .innerJoin(users, eq(users.id, generations.userId))
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .leftJoin(...teamPlanJoins.seat)
    .leftJoin(...teamPlanJoins.ownerSeat)
    .leftJoin(...teamPlanJoins.ownerPlan)
    .where(eq(generations.status, 'queued'))
    .orderBy(generations.createdAt);
  const before = new Map<string, number>();
  return rows.map((r) => {
    const openJobs = before.get(r.userId) ?? 0;
    before.set(r.userId, openJobs + 1);
    // The plan in force now, as a new request would get it (a team member's is the team's).
    const tier = tierAt(stateOf(r));
    return { id: r.id, priority: jobPriority(tier, { queuedAt: r.createdAt, openJobs }) };
  });
}
