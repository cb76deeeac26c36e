const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** "Nov 26, 2026": the day only; the hour of a join or an expiry does not matter to anyone. */
export const teamDate = (iso: string) => dateFormat.format(new Date(iso));
