import { describe, expect, it } from 'vitest';
import { jobPriority, openJobLimit, openJobsRetryAfterSeconds, QUEUE_SPACING_SECONDS } from './queue';
import { TIERS, type Tier } from './tiers';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 26, 12, 0, 0) + seconds * 1000);

/** Jobs in the order both runners take them: higher priority first, then the order they came. */
function runOrder(jobs: Array<{ name: string; tier: Tier; second: number; openJobs: number }>) {
  return jobs
    .map((job, n) => ({
      ...job,
      n,
      priority: jobPriority(job.tier, { queuedAt: at(job.second), openJobs: job.openJobs }),
    }))
    .sort((a, b) => b.priority - a.priority || a.n - b.n)
    .map((job) => job.name);
}

/** A member asking for `count` pictures at `second`, with `open` jobs already open. */
const burst = (member: string, tier: Tier, second: number, count: number, open = 0) =>
  Array.from({ length: count }, (_, n) => ({ name: `${member}${n + 1}`, tier, second, openJobs: open + n }));

describe('open jobs per member', () => {
  it('every plan has a limit of at most 40, paid plans more than Free', () => {
    for (const tier of TIERS) expect(openJobLimit(tier)).toBeLessThanOrEqual(40);
    expect(openJobLimit('free')).toBeLessThan(openJobLimit('basic'));
    expect(openJobLimit('enterprise')).toBe(40);
  });

  it('says to come back in 5 s to a minute', () => {
    expect(openJobsRetryAfterSeconds(1)).toBe(5);
    expect(openJobsRetryAfterSeconds(4)).toBe(Math.max(5, 4 * QUEUE_SPACING_SECONDS));
    expect(openJobsRetryAfterSeconds(1000)).toBe(60);
  });
});

describe('queue order', () => {
  it('members of one plan take turns: a burst does not go before a later single job', () => {
    const order = runOrder([
      ...burst('a', 'premium', 0, 4),
      ...burst('b', 'basic', 0, 1),
      ...burst('c', 'free', 0, 2),
    ]);
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'c2', 'a3', 'a4']);
  });

  it('a job asked for a little later waits for as many of a burst as it came seconds later, plus one', () => {
    const order = runOrder([...burst('a', 'basic', 0, 8), ...burst('b', 'free', 3, 1)]);
    expect(order.indexOf('b1')).toBe(4);
  });

  it('Enterprise goes first, but only within its 10 s head start: a Free job waits for at most 11 of a flood', () => {
    const order = runOrder([...burst('e', 'enterprise', 0, 40), ...burst('f', 'free', 0, 1)]);
    expect(order.indexOf('f1')).toBe(11);
  });

  it('priority ages: a job that has waited longer than the head start is not overtaken by a new Enterprise job', () => {
    const early = runOrder([...burst('f', 'free', 0, 1), ...burst('e', 'enterprise', 9, 1)]);
    expect(early).toEqual(['e1', 'f1']);
    const aged = runOrder([...burst('f', 'free', 0, 1), ...burst('e', 'enterprise', 11, 1)]);
    expect(aged).toEqual(['f1', 'e1']);
  });

  it('a flood keeps its own later jobs behind: with 40 open, a new Enterprise job goes after a Free job of the same moment', () => {
    const order = runOrder([...burst('f', 'free', 0, 1), ...burst('e', 'enterprise', 0, 1, 40)]);
    expect(order).toEqual(['f1', 'e1']);
  });
});
