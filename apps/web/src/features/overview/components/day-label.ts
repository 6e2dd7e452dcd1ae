/**
 * A calendar day of the store (`YYYY-MM-DD`) as people read it: 'Nov 26', or 'Thu, Nov 26' in
 * the table. Read as UTC midnight and formatted in UTC, so the reader's own time zone never
 * moves it to the day before.
 */
const short = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const long = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

export const shortDay = (date: string) => short.format(Date.parse(`${date}T00:00:00Z`));
export const longDay = (date: string) => long.format(Date.parse(`${date}T00:00:00Z`));
