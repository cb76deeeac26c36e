// Two dates a paying member sees, said the same way on the dashboard and in Settings: monthly
// pictures count by calendar month (UTC) and start again on the 1st; the paid period renews on
// its own date, which is billing only.
import { nextMonthStart } from '../../core/month';

const dayMonth = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Under the monthly count: what resets, and when. */
export function usageResetNote(now = new Date()): string {
  return `Monthly pictures start again on ${dayMonth(nextMonthStart(now))}, the 1st of every month.`;
}

/** Under the paid period's end: that date is billing, not the picture count. */
export const PAID_PERIOD_NOTE =
  'Your billing date: the plan renews then (or ends, if cancelled). It does not reset your monthly pictures.';

/**
 * The dashboard's words for a paid plan's own date (empty for Free, or once the date has passed
 * and the renewal is pending): billing, not the picture count.
 */
export function paidPeriodLine(
  membership: { tier: string; periodEnd: string | null },
  now = new Date(),
): string {
  if (membership.tier === 'free' || !membership.periodEnd) return '';
  const end = new Date(membership.periodEnd);
  if (end.getTime() <= now.getTime()) return '';
  return ` Your plan renews on ${end.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })} (billing only).`;
}
