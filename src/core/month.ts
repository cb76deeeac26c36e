/**
 * Usage is counted per calendar month in UTC, so every server process and every browser
 * agrees on the key regardless of its time zone.
 */
export function monthKey(date: Date = new Date()): string {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + 1;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

/** First instant (00:00 UTC, day 1) of the month after `date`: when the monthly count resets. */
export function nextMonthStart(date: Date = new Date()): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
}

/** First instant (00:00 UTC, day 1) of the month containing `date`. */
export function monthStart(date: Date = new Date()): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}
