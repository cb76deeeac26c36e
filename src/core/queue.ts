// Fair use of the shared job queue (issue 35, decision 017): how many pictures one member may
// have open at once, and the place each new job takes in the queue.
import type { Tier } from './tiers';

/**
 * Pictures a member may have queued or being made at once (open jobs). One member's burst cannot
 * fill the queue: past this a request is refused with a 429 until some of them finish.
 */
const OPEN_JOB_LIMITS: Record<Tier, number> = { free: 4, basic: 8, premium: 20, enterprise: 40 };

export function openJobLimit(tier: Tier): number {
  return OPEN_JOB_LIMITS[tier];
}

/**
 * When a member at their limit may try again: about one spacing per picture that must finish
 * first (a slot's turn), at least 5 s and at most a minute.
 */
export function openJobsRetryAfterSeconds(mustFinish: number): number {
  return Math.min(60, Math.max(5, mustFinish * QUEUE_SPACING_SECONDS));
}

export function tooManyOpenJobsMessage(opts: { open: number; limit: number; retryAfter: number }): string {
  const pictures = `${opts.open} picture${opts.open === 1 ? '' : 's'}`;
  return `You already have ${pictures} waiting or being made, the most your plan allows at once is ${opts.limit}. Please try again in ${opts.retryAfter} seconds, when some have finished.`;
}

/**
 * Each job a member already has open puts their next one this much later in the queue: members
 * take turns (round-robin) instead of one member's burst going first.
 */
export const QUEUE_SPACING_SECONDS = 1;

/**
 * A plan's head start in the queue. Enterprise's priority rendering: its job goes before other
 * members' jobs queued up to 10 s earlier; a job waiting longer is never overtaken by a new one,
 * so priority ages instead of starving the others.
 */
const QUEUE_HEAD_START_SECONDS: Record<Tier, number> = { free: 0, basic: 0, premium: 0, enterprise: 10 };

/** Places count whole seconds from here, so a job's priority fits PostgreSQL's integer until 2094. */
const QUEUE_EPOCH_MS = Date.UTC(2026, 0, 1);

/**
 * A job's priority in both runners (higher runs first; equal ones in the order they came). Its
 * place in the queue is a time: when it was asked for, plus QUEUE_SPACING_SECONDS for each job its
 * member already has open, minus the plan's head start. The priority is that place, negated.
 *
 * Why this bounds waiting: a job is overtaken only by a later job with an earlier place, and a
 * later job's place is at least its own arrival minus the largest head start. So once a job has
 * waited that head start plus its own spacing, nothing new goes before it; and while it waits,
 * each other member gets at most one job in per spacing of its place (their own open jobs push
 * theirs back).
 */
export function jobPriority(tier: Tier, opts: { queuedAt: Date; openJobs: number }): number {
  const queuedAt = Math.floor((opts.queuedAt.getTime() - QUEUE_EPOCH_MS) / 1000);
  return -(queuedAt + opts.openJobs * QUEUE_SPACING_SECONDS - QUEUE_HEAD_START_SECONDS[tier]);
}
